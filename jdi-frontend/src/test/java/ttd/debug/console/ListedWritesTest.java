package ttd.debug.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import ttd.debug.replayvm.Position;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Motion;
import ttd.debug.time.Rung;

/** How a goto finds a write {@code history} listed: its number in its event, and where to start. */
class ListedWritesTest {

  private static final FieldWatch TOTAL = new FieldWatch("shop.Order", "total", false, true, null);

  private static Position at(long event, long tick) {
    return new Position(event, tick, false);
  }

  @Test
  void eachWriteIsNumberedAmongTheWritesOfItsEventAndTheFirstAtAPositionWins() {
    ListedWrites w = new ListedWrites();
    w.listed(TOTAL, List.of(at(2, 10), at(3, 2), at(3, 7), at(3, 7), at(4, -1), at(4, 3)), Position.START);
    assertEquals(new ListedWrites.Write(TOTAL, 1), w.at(at(2, 10)));
    assertEquals(new ListedWrites.Write(TOTAL, 2), w.at(at(3, 7)), "the second write of event 3; the third shares its position");
    assertEquals(new ListedWrites.Write(TOTAL, 2), w.at(at(4, 3)), "a write whose tick was not known still counts");
    assertNull(w.at(at(4, -1)), "history printed only its event");
    assertNull(w.at(at(3, 3)));
  }

  @Test
  void aGotoLandsFromTheNearestRungBeforeTheWritesEventPausingThereInsideTheRungsMotion() {
    Motion run = Motion.run(List.of());
    Rung early = new Rung(List.of(), run, 1, 500, 0);
    Rung boundary = new Rung(List.of(), run, 3, 0, 0);
    Rung inside = new Rung(List.of(), run, 3, 40, 0);
    assertEquals(boundary, ListedWrites.nearestBefore(List.of(early, inside, boundary), 3));
    assertNull(ListedWrites.nearestBefore(List.of(inside), 3));
    ListedWrites.Write w = new ListedWrites.Write(TOTAL, 2);
    List<Motion> landing = ListedWrites.landing(early, at(3, 7), w);
    assertEquals(List.of(Motion.pause(3, 0, run), Motion.seek(List.of(TOTAL), 2)), landing);
    assertEquals(true, early.on(landing) && boundary.on(landing) && !inside.on(landing), "every rung of the run up to the event lies on it");
  }
}
