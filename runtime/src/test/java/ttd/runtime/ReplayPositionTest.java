package ttd.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReplayPositionTest {

  @AfterEach
  void reset() {
    ReplayPosition.events = 0;
    ReplayPosition.stopAt = 0;
    ReplayPosition.stopAtTick = 0;
    ReplayPosition.evaluating = false;
    ReplayPosition.scheduling = false;
    ReplayPosition.running = null;
    ReplayPosition.install(null);
  }

  @Test
  void withTheSchedulerOnlyTheBatonHoldersEventsCountAndEachStartsItsTicksAgain() throws Exception {
    ReplayPosition.ThreadClock main = new ReplayPosition.ThreadClock(0, Thread.currentThread()) {};
    main.ticks = 40;
    ReplayPosition.scheduling = true;
    ReplayPosition.running = main;
    ReplayPosition.consumed();
    main.ticks += 7;
    assertEquals(1, ReplayPosition.events);
    assertEquals(7, ReplayPosition.tick());
    Thread other = new Thread(ReplayPosition::consumed); // reads its first event before its turn
    other.start();
    other.join();
    assertEquals(1, ReplayPosition.events, "an event read without the baton counted");
    assertEquals(7, ReplayPosition.tick());
  }

  @Test
  void aHandOverCountsAsAnEventAndTheNextThreadsTicksStartFromZero() {
    ReplayPosition.ThreadClock a = new ReplayPosition.ThreadClock(1, new Thread()) {};
    a.ticks = 1000;
    ReplayPosition.scheduling = true;
    ReplayPosition.handedOver(a);
    assertEquals(1, ReplayPosition.events);
    assertEquals(0, ReplayPosition.tick());
    a.ticks += 3;
    assertEquals(3, ReplayPosition.tick());
    ReplayPosition.handedOver(null);
    assertEquals(2, ReplayPosition.events);
    assertEquals(0, ReplayPosition.tick(), "nobody runs");
  }

  @Test
  void aTickStopIsArmedOnlyForTheRunningThreadAfterItsEvent() {
    ReplayPosition.ThreadClock a = new ReplayPosition.ThreadClock(1, new Thread()) {};
    ReplayPosition.ThreadClock b = new ReplayPosition.ThreadClock(2, new Thread()) {};
    a.ticks = 500;
    ReplayPosition.scheduling = true;
    ReplayPosition.stopAt = 2;
    ReplayPosition.stopAtTick = 25;
    ReplayPosition.handedOver(b);
    assertEquals(Long.MAX_VALUE, ReplayPosition.tickStop(b), "armed before its event");
    ReplayPosition.handedOver(a);
    assertEquals(525, ReplayPosition.tickStop(a));
    assertEquals(Long.MAX_VALUE, ReplayPosition.tickStop(b), "armed for a thread that does not run");
    ReplayPosition.handedOver(b);
    assertEquals(Long.MAX_VALUE, ReplayPosition.tickStop(a), "still armed after the next event");
  }

  @Test
  void countsEveryConsumedEvent() {
    ReplayPosition.consumed();
    ReplayPosition.consumed();
    assertEquals(2, ReplayPosition.events);
  }

  @Test
  void anEvaluationLetsHooksPassAndSaysWhetherTheHashStateMoved() {
    int[] calls = new int[2];
    ReplayPosition.install(new ReplayPosition.HashBracket() {
      @Override
      public void save() {
        calls[0]++;
      }

      @Override
      public boolean restore() {
        calls[1]++;
        return true;
      }
    });
    ReplayPosition.beginEvaluation();
    assertTrue(ReplayPosition.evaluating);
    assertTrue(ReplayPosition.endEvaluation());
    assertFalse(ReplayPosition.evaluating);
    assertEquals(1, calls[0]);
    assertEquals(1, calls[1]);
  }

  @Test
  void withoutABracketAnEvaluationReportsNoMove() {
    ReplayPosition.beginEvaluation();
    assertFalse(ReplayPosition.endEvaluation());
  }
}
