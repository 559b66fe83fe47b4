package ttd.debug.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ttd.debug.replayvm.Position;

class TickWalkTest {

  private static Position at(long event, long tick) {
    return new Position(event, tick, false);
  }

  @Test
  void windowsStartAtTheStopsTickThenFourTimesFartherBackEachTime() {
    assertEquals(List.of(at(7, 100), at(7, 97), at(7, 88), at(7, 52), at(7, 0), at(6, 0), at(5, 0), at(3, 0), Position.START),
        TickWalk.windows(at(7, 100), e -> -1, 3, 4), "then whole events, twice as many each time, where their stretches are not known");
  }

  @Test
  void aReverseLineStepsWindowsStartTheGivenTicksBackThenSixteenTimesAsFarAndHoldTheStopsOwnTick() {
    assertEquals(List.of(at(7, 997), at(7, 952), at(7, 232), at(7, 0), at(6, 0), at(5, 0), at(3, 0), Position.START),
        TickWalk.lineWindows(at(7, 1000), e -> -1, 3));
    assertEquals(List.of(at(7, 952), at(7, 232), at(7, 0), at(6, 0), at(5, 0), at(3, 0), Position.START),
        TickWalk.lineWindows(at(7, 1000), e -> -1, 48), "a reverse-next or finish starts 48 ticks back");
    assertEquals(List.of(at(7, 0), at(6, 0), at(5, 0), at(3, 0), Position.START), TickWalk.lineWindows(at(7, 2), e -> -1, 3),
        "a stop at its method's entry: the first window reaches back past the event boundary");
  }

  @Test
  void aWindowReachesIntoTheStretchesBeforeTheEventByTheirLengths() {
    Map<Long, Long> stretches = Map.of(6L, 1000L, 5L, 40L);
    List<Position> w = TickWalk.windows(at(7, 2), e -> stretches.getOrDefault(e, -1L), 3, 4);
    assertEquals(List.of(at(7, 2), at(6, 999), at(6, 991), at(6, 955), at(6, 811), at(6, 235), at(5, 0), at(4, 0), at(3, 0), at(1, 0),
        Position.START), w);
  }

  @Test
  void aPauseNeverStopsAtTickOneNorAtAStretchsLastTick() {
    assertEquals(at(7, 0), TickWalk.windows(at(7, 1), e -> -1, 3, 4).get(0), "tick 1 may follow a park that took a permit");
    assertEquals(at(6, 0), TickWalk.back(at(7, 0), 1, e -> 2), "ticks 2.. up to the last but one of a stretch");
    assertEquals(at(6, 2), TickWalk.back(at(7, 0), 1, e -> 3));
  }
}
