package ttd.debug.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import ttd.debug.requests.ExceptionCatch;
import ttd.debug.requests.LineBreakpoint;
import ttd.debug.requests.Spec;
import ttd.debug.requests.Motion;

class KnownHitsTest {

  private static final Spec CATCH = new ExceptionCatch("java.lang.IllegalStateException", true, true);
  private static final Spec LINE = new LineBreakpoint("app.Main", 12);

  @Test
  void aRunFromTheStartWithTheRequestsSetLeavesNoEarlierHit() {
    List<Motion> h = List.of(Motion.run(List.of(CATCH)));
    assertEquals(KnownHits.NONE, KnownHits.lastHit(h, List.of(Set.of(CATCH)), List.of(CATCH)));
  }

  @Test
  void theLastHitIsTheFirstEarlierStopThatWasOneOverMotionsThatAllHadTheRequests() {
    List<Motion> h = List.of(Motion.run(List.of(LINE)), Motion.run(List.of(LINE)),
        Motion.step(Motion.Kind.STEP_OVER, "main", List.of(LINE)), Motion.run(List.of(LINE)));
    List<Set<Spec>> fired = List.of(Set.of(LINE), Set.of(LINE), Set.of(), Set.of(LINE));
    assertEquals(2, KnownHits.lastHit(h, fired, List.of(LINE)), "the stop after the second run, before the step");
  }

  @Test
  void aMotionWithoutTheRequestsOrNotForwardLeavesItToTheSearch() {
    assertEquals(KnownHits.UNKNOWN, KnownHits.lastHit(List.of(Motion.run(List.of())), List.of(Set.of()), List.of(LINE)),
        "the breakpoint was set after the run");
    assertEquals(KnownHits.UNKNOWN, KnownHits.lastHit(List.of(Motion.gotoEvent(40), Motion.run(List.of(LINE))),
        List.of(Set.of(), Set.of(LINE)), List.of(LINE)), "a goto runs past breakpoints");
    assertEquals(KnownHits.UNKNOWN, KnownHits.lastHit(List.of(Motion.run(List.of(LINE))), null, List.of(LINE)),
        "a history the console did not make motion by motion");
  }
}
