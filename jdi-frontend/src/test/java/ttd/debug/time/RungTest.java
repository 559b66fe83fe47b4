package ttd.debug.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ttd.debug.requests.LineBreakpoint;
import ttd.debug.requests.MethodBreakpoint;
import ttd.debug.requests.Motion;
import ttd.debug.requests.Spec;

class RungTest {

  private static final List<Spec> AT_FINISH = List.of(new MethodBreakpoint("app.Main", "finish"));
  private static final Motion FIRST = Motion.run(List.of(new LineBreakpoint("app.Main", 10)));
  private static final Motion LONG_RUN = Motion.run(AT_FINISH);

  @Test
  void aRungsPathIsItsPrefixAndAPauseAtItsEventWithTheMotionsRequests() {
    Rung r = new Rung(List.of(FIRST), LONG_RUN, 500, 0, 0);
    assertEquals(List.of(FIRST, Motion.pause(500, LONG_RUN)), r.path());
    assertEquals(AT_FINISH, r.path().get(1).requests(), "bindings typed before the run are resolved at the pause as before the run");
  }

  @Test
  void aRungLiesOnTheHistoryItWasTakenInAndOnHistoriesThatGoOnFromIt() {
    Rung r = new Rung(List.of(FIRST), LONG_RUN, 500, 0, 0);
    assertTrue(r.on(List.of(FIRST, LONG_RUN)));
    assertTrue(r.on(List.of(FIRST, LONG_RUN, Motion.step(Motion.Kind.STEP_OVER, "main", AT_FINISH))));
    assertTrue(r.on(List.of(FIRST, Motion.pause(700, LONG_RUN), Motion.seek(AT_FINISH, 3))), "a landing from a later rung of the same run");
    assertTrue(r.on(List.of(FIRST, Motion.pause(500, LONG_RUN), Motion.seek(AT_FINISH, 3))), "a landing from this very rung");
  }

  @Test
  void aRungDoesNotLieOnHistoriesThatLeftItsPathBeforeIt() {
    Rung r = new Rung(List.of(FIRST), LONG_RUN, 500, 0, 0);
    assertFalse(r.on(List.of(FIRST)), "the history ends before the run the rung is in");
    assertFalse(r.on(List.of(FIRST, Motion.pause(499, LONG_RUN))), "a pause before the rung's event");
    assertFalse(r.on(List.of(FIRST, Motion.run(List.of()))), "another run, stopping elsewhere");
    assertFalse(r.on(List.of(Motion.gotoEvent(3), LONG_RUN)), "another prefix");
    assertFalse(r.on(List.of(LONG_RUN)));
  }

  @Test
  void aRungBetweenEventsLiesOnPausesAtOrAfterItsTick() {
    Rung r = new Rung(List.of(FIRST), LONG_RUN, 500, 9000, 0);
    assertEquals(List.of(FIRST, Motion.pause(500, 9000, LONG_RUN)), r.path());
    assertTrue(r.on(List.of(FIRST, Motion.pause(500, 9000, LONG_RUN), Motion.seek(AT_FINISH, 1))), "this very rung");
    assertTrue(r.on(List.of(FIRST, Motion.pause(500, 12000, LONG_RUN), Motion.seek(AT_FINISH, 1))), "a later tick after the same event");
    assertTrue(r.on(List.of(FIRST, Motion.pause(501, 0, LONG_RUN), Motion.seek(AT_FINISH, 1))), "the next event");
    assertFalse(r.on(List.of(FIRST, Motion.pause(500, 8999, LONG_RUN))), "an earlier tick after the same event");
    assertFalse(r.on(List.of(FIRST, Motion.pause(500, LONG_RUN))), "the event boundary before it");
  }

  @Test
  void aRungLiesOnEveryLandingThatStartsWithAPauseAtOrAfterItWhateverBroughtItThere() {
    Rung r = new Rung(List.of(FIRST), LONG_RUN, 500, 9000, 0);
    List<Motion> landing = new StopAddress(new ttd.debug.replayvm.Position(640, 12, false),
        new ttd.debug.requests.CodeLocation("app.Main", "loop", "()V", 17, "main"), 2).landing(AT_FINISH);
    assertTrue(r.on(landing));
    assertEquals(0, r.resumeAt(landing), "a JVM paused at the rung goes on with the landing's pause");
    assertEquals(1, r.resumeAt(List.of(FIRST, LONG_RUN)), "on its own history, with the rest of the run");
    assertFalse(r.on(new StopAddress(new ttd.debug.replayvm.Position(500, 8000, false),
        new ttd.debug.requests.CodeLocation("app.Main", "loop", "()V", 17, "main"), 1).landing(AT_FINISH)), "a landing before it");
  }

  @Test
  void onlyRunsGotosAndPausesCanBeResumedFromAPauseInside() {
    assertTrue(LONG_RUN.resumable());
    assertTrue(Motion.gotoEvent(9).resumable());
    assertTrue(Motion.gotoPosition(9, 400).resumable());
    assertTrue(Motion.pause(9, LONG_RUN).resumable());
    assertFalse(Motion.step(Motion.Kind.STEP_OVER, "main", AT_FINISH).resumable());
    assertFalse(Motion.seek(AT_FINISH, 1).resumable());
  }
}
