package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchedulePolicyTest {

  private final List<SchedThread> threads = List.of(
      new SchedThread(0, new Thread("t0"), null), new SchedThread(1, new Thread("t1"), null),
      new SchedThread(2, new Thread("t2"), null), new SchedThread(3, new Thread("t3"), null));

  @Test
  void chaosWithTheSameSeedMakesTheSameChoicesAndSlices() {
    assertEquals(decisions(SchedulePolicy.chaos(42)), decisions(SchedulePolicy.chaos(42)));
  }

  @Test
  void chaosWithAnotherSeedMakesOtherChoices() {
    assertNotEquals(decisions(SchedulePolicy.chaos(42)), decisions(SchedulePolicy.chaos(43)));
  }

  @Test
  void fairRunsAThreadLetInAfterARealWaitBeforeTheThreadsAfterTheCurrentOne() {
    ShadowState shadow = runnable();
    SchedulePolicy fair = SchedulePolicy.fair();
    letIn(fair, shadow, threads.get(1));
    assertSame(threads.get(1), fair.next(threads.get(2), shadow), "not round robin's t3");
  }

  @Test
  void fairAlternatesLetInThreadsWithRoundRobinSoThreadsThatNeverWaitedStillRun() {
    ShadowState shadow = runnable();
    SchedulePolicy fair = SchedulePolicy.fair();
    letIn(fair, shadow, threads.get(1));
    letIn(fair, shadow, threads.get(0));
    List<Integer> order = new ArrayList<>();
    SchedThread current = threads.get(2);
    for (int i = 0; i < 4; i++) {
      current = fair.next(current, shadow);
      current.startSlice(false);
      order.add(current.ordinal);
    }
    // t1 let in first, then round robin's t2 (after t1), then t0 let in before t3, then t1 again
    assertEquals(List.of(1, 2, 0, 1), order);
  }

  @Test
  void fairDoesNotPreferALetInThreadThatHasRunSince() {
    ShadowState shadow = runnable();
    SchedulePolicy fair = SchedulePolicy.fair();
    letIn(fair, shadow, threads.get(0));
    threads.get(0).startSlice(false); // chosen by round robin meanwhile
    assertSame(threads.get(3), fair.next(threads.get(2), shadow));
  }

  /** The four threads, runnable in the model. */
  private ShadowState runnable() {
    ShadowState shadow = new ShadowState();
    threads.forEach(shadow::add);
    return shadow;
  }

  /** {@code t} waits outside the scheduler, comes back and is let in, as {@code Arrivals} does. */
  private static void letIn(SchedulePolicy policy, ShadowState shadow, SchedThread t) {
    shadow.set(t, SchedThread.State.EXTERNAL);
    shadow.arrive(t);
    assertTrue(shadow.timeOut(t));
    policy.admitted(t);
  }

  /** 1 000 decisions among two to four candidates: the thread chosen and its slice, in turn. */
  private List<Long> decisions(SchedulePolicy policy) {
    List<Long> made = new ArrayList<>();
    SchedThread current = threads.get(0);
    for (int i = 0; i < 1_000; i++) {
      List<SchedThread> candidates = threads.subList(0, 2 + i % 3);
      current = policy.choose(current, candidates);
      made.add((long) current.ordinal);
      made.add(policy.budget());
    }
    return made;
  }
}
