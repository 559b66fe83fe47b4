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
    ReplayPosition.evaluating = false;
    ReplayPosition.install(null);
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
