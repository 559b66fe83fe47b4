package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import ttd.runtime.ScheduleHooks;

/**
 * What a scheduled thread's {@code getState()} and {@code isAlive()} show, and which threads a
 * listing shows: the model, not the timing.
 */
class ThreadStatesTest {

  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void finish() {
    release.countDown();
    ScheduleHooks.batonPassed(null);
  }

  @Test
  void aThreadThatEndedInTheModelIsTerminatedWhileItsRealThreadStillFinishes() throws Exception {
    Scheduler scheduler = new Scheduler(recording(), SchedulePolicy.fair());
    SchedThread main = new SchedThread(0, Thread.currentThread(), null);
    scheduler.adoptMain(main);
    Thread real = new Thread(this::awaitRelease, "finishing");
    real.start();
    SchedThread worker = new SchedThread(1, real, null);
    scheduler.started(worker);
    while (real.getState() != Thread.State.WAITING) {
      Thread.onSpinWait();
    }
    assertEquals(Thread.State.RUNNABLE, scheduler.stateOf(real), "a thread waiting for the baton is runnable");
    scheduler.ended(worker); // as the worker's last act: the baton goes back to main
    assertTrue(real.isAlive(), "the real thread should still be alive for this test");
    assertEquals(Thread.State.TERMINATED, scheduler.stateOf(real));
    assertEquals(Thread.State.RUNNABLE, scheduler.stateOf(Thread.currentThread()));
    assertNull(scheduler.stateOf(new Thread()), "a thread the scheduler does not run");
    Thread outside = new Thread();
    Thread[] listed = {Thread.currentThread(), real, outside};
    assertArrayEquals(new Thread[] {Thread.currentThread(), outside}, scheduler.withoutEnded(listed),
        "a listing of threads leaves out the one that ended in the model");
    Thread[] none = {Thread.currentThread(), outside};
    assertSame(none, scheduler.withoutEnded(none));
  }

  private void awaitRelease() {
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static ScheduleLog recording() {
    return new RecordingScheduleLog();
  }
}
