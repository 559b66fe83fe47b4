package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One thread waiting for the baton watches its holder, the others sleep untimed; the role moves
 * on when the watcher gets the baton, and a holder stuck after that is still reported. Which
 * thread waits timed is read from the JVM's thread states (a timed gate wait is {@code
 * TIMED_WAITING}, an untimed one {@code WAITING}), never from how long something took.
 */
@ExtendWith(ResetsReplayPosition.class)
class BatonWatcherTest {

  /** How long a state the test waits for may take to show up, however loaded the machine. */
  private static final long PATIENCE_NANOS = 60_000_000_000L;

  /** A recording's log that notes stuck reports instead of failing on them. */
  private static final class StuckLog extends RecordingScheduleLog {
    final List<SchedThread[]> stuck = new ArrayList<>();

    @Override
    public synchronized void stuck(SchedThread watcher, SchedThread holder, String report) {
      stuck.add(new SchedThread[] {watcher, holder});
    }

    synchronized SchedThread[] firstReport() {
      return stuck.isEmpty() ? null : stuck.get(0);
    }
  }

  private final StuckLog log = new StuckLog();
  private final Scheduler scheduler = new Scheduler(log, SchedulePolicy.fair());
  /** Released when the test is over: a worker holding the baton blocks on it, in the JVM. */
  private final CountDownLatch over = new CountDownLatch(1);
  private final List<Thread> threads = new ArrayList<>();
  private SchedThread main;

  @AfterEach
  void stop() throws InterruptedException {
    scheduler.disable();
    over.countDown();
    for (Thread t : threads) {
      t.join(10_000);
    }
  }

  @Test
  void onlyOneOfTheThreadsWaitingForTheBatonWaitsTimed() {
    SchedThread[] w = threeWaiting();
    assertSame(w[0].thread, scheduler.watcher().thread);
    awaitState(w[0].thread, Thread.State.TIMED_WAITING);
    assertEquals(Thread.State.WAITING, w[1].thread.getState());
    assertEquals(Thread.State.WAITING, w[2].thread.getState());
  }

  @Test
  void theWatcherGettingTheBatonHandsTheRoleToTheLongestWaitingThread() {
    SchedThread[] w = threeWaiting();
    scheduler.ended(main); // round robin: the baton goes to #1, the watcher
    awaitState(w[0].thread, Thread.State.WAITING); // holds the baton, blocked on the latch
    assertSame(w[0], scheduler.running());
    assertSame(w[1], scheduler.watcher());
    awaitState(w[1].thread, Thread.State.TIMED_WAITING);
    assertEquals(Thread.State.WAITING, w[2].thread.getState());
  }

  @Test
  void aHolderStuckAfterTheFirstWatcherLeftIsStillReported() {
    SchedThread[] w = threeWaiting();
    scheduler.ended(main); // #1, the first watcher, takes the baton and blocks in the JVM
    long until = System.nanoTime() + PATIENCE_NANOS;
    while (log.firstReport() == null && System.nanoTime() < until) {
      Thread.onSpinWait();
    }
    SchedThread[] report = log.firstReport();
    if (report == null) {
      fail("the stuck holder was not reported");
    }
    assertSame(w[1], report[0], "reported by the new watcher");
    assertSame(w[0], report[1], "the holder reported");
  }

  /**
   * Main holds the baton (and stays runnable, spinning, so it is never stuck itself); workers #1,
   * #2, #3 begin one after another, each waiting for the baton before the next starts.
   */
  private SchedThread[] threeWaiting() {
    main = new SchedThread(0, Thread.currentThread(), null);
    scheduler.adoptMain(main);
    SchedThread[] w = new SchedThread[3];
    for (int i = 0; i < w.length; i++) {
      SchedThread[] self = new SchedThread[1];
      Thread thread = new Thread(() -> run(self[0]), "worker-" + (i + 1));
      self[0] = w[i] = new SchedThread(i + 1, thread, null);
      scheduler.started(w[i]);
      threads.add(thread);
      thread.start();
      awaitState(thread, i == 0 ? Thread.State.TIMED_WAITING : Thread.State.WAITING);
    }
    return w;
  }

  private void run(SchedThread s) {
    scheduler.begin(s);
    try {
      over.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void awaitState(Thread t, Thread.State state) {
    long until = System.nanoTime() + PATIENCE_NANOS;
    while (t.getState() != state) {
      if (System.nanoTime() > until) {
        fail(t.getName() + " is " + t.getState() + ", not " + state);
      }
      Thread.onSpinWait();
    }
  }
}
