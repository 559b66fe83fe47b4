package ttd.debug.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import ttd.debug.replayvm.Position;

/** How indexed hits, known by (event, tick), are placed against the current stop and a rung. */
class HitPositionsTest {

  private static Position at(long event, long tick) {
    return new Position(event, tick, false);
  }

  /** Five writes in a loop that runs after event 3 without another event, then one after event 4. */
  private static final Position[] HITS = {at(2, 40), at(3, 100), at(3, 200), at(3, 300), at(3, 400), at(4, 10)};

  @Test
  void hitsBeforeAStopBetweenEventsAreCountedByTick() {
    assertEquals(4, HitPositions.before(HITS, at(3, 350), false));
    assertEquals(5, HitPositions.before(HITS, at(4, 0), false));
    assertEquals(1, HitPositions.before(HITS, at(3, 50), false));
  }

  @Test
  void aHitAtTheStopsOwnPositionIsBeforeItOnlyIfItIsTheStop() {
    assertEquals(3, HitPositions.before(HITS, at(3, 300), true), "the stop is the hit at 3.300");
    assertEquals(-1, HitPositions.before(HITS, at(3, 300), false), "another request stopped at 3.300: that hit may come first");
    assertEquals(-1, HitPositions.before(new Position[] {at(3, 300), at(3, 300)}, at(3, 300), true), "two hits at one position");
    assertEquals(-1, HitPositions.before(new Position[] {at(3, -1)}, at(3, 300), false), "a tick not known");
  }

  @Test
  void aRungBetweenEventsPassesTheHitsBeforeItsTick() {
    assertEquals(2, HitPositions.passed(HITS, 4, at(3, 150)), "the 4th hit is the 2nd after a rung at 3.150");
    assertEquals(2, HitPositions.passed(HITS, 4, at(3, 200)), "a hit at the rung's own tick runs after the pause");
    assertEquals(1, HitPositions.passed(HITS, 4, at(3, 0)), "the event boundary");
    assertEquals(-1, HitPositions.passed(HITS, 4, at(3, 301)), "the 4th hit lies before the rung");
    assertEquals(-1, HitPositions.passed(new Position[] {at(3, -1), at(3, 500)}, 2, at(3, 200)), "a hit that cannot be placed");
  }

  @Test
  void hitsOrderByEventThenKnownTick() {
    assertEquals(-1, HitPositions.order(at(2, 900), at(3, 1)));
    assertEquals(1, HitPositions.order(at(3, 2), at(3, 1)));
    assertEquals(0, HitPositions.order(at(3, 2), at(3, 2)));
    assertEquals(0, HitPositions.order(at(3, -1), at(3, 2)));
  }

  @Test
  void aLandingStartsFromARungInsideTheHitsEventOrPausesAtItsEvent() {
    assertEquals(new HitPositions.Landing(2, -1, 2), HitPositions.landing(HITS, 3, List.of(at(4, 0), at(3, 350), at(3, 150), at(2, 0))),
        "the 4th hit (3.300) is the 2nd after the rung at 3.150, the nearest at or before it");
    assertEquals(new HitPositions.Landing(1, 3, 3), HitPositions.landing(HITS, 3, List.of(at(3, 350), at(2, 10))),
        "no rung inside event 3 before the hit: from 2.10 a pause at event 3, then the 3rd hit of that event");
    assertEquals(new HitPositions.Landing(-1, 2, 1), HitPositions.landing(HITS, 0, List.of(at(3, 150))), "from the start, a pause at event 2");
    assertEquals(new HitPositions.Landing(1, -1, 2), HitPositions.landing(new Position[] {at(3, -1), at(3, 500)}, 1, List.of(at(3, 200), at(3, 0))),
        "a hit that cannot be placed against the rung at 3.200: the boundary of event 3 serves");
    assertEquals(new HitPositions.Landing(-1, -1, 1), HitPositions.landing(new Position[] {at(-1, 5)}, 0, List.of()), "before the first event: no pause");
  }
}
