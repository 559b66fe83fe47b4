package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Hashtable;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where {@link PreemptionGuard} lets a thread be preempted or give up the baton for a sleep. */
class PreemptionGuardTest {

  @Test
  void aLambdaCalledBackByForEachUnderNoMonitorMayBePreemptedAndSleepOutside() {
    boolean[] answers = new boolean[2];
    List.of("x").forEach(x -> {
      answers[0] = PreemptionGuard.mayPreempt();
      answers[1] = PreemptionGuard.mayWaitOutside();
    });
    assertTrue(answers[0], "preempt");
    assertTrue(answers[1], "sleep outside");
  }

  @Test
  void aHashCodeCalledBackUnderHashtablesMonitorMayNeither() {
    AskingKey key = new AskingKey();
    new Hashtable<>().put(key, "v");
    assertFalse(key.preempt, "preempt");
    assertFalse(key.waitOutside, "sleep outside");
  }

  /** Asks the guard from inside {@code Hashtable.put}, which holds the table's monitor. */
  private static final class AskingKey {
    boolean preempt = true;
    boolean waitOutside = true;

    @Override
    public int hashCode() {
      preempt = PreemptionGuard.mayPreempt();
      waitOutside = PreemptionGuard.mayWaitOutside();
      return 1;
    }
  }
}
