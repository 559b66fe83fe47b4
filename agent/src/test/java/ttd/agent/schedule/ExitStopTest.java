package ttd.agent.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

/**
 * The end of a run stops the thread holding the baton at its next tick: recorded as a switch to
 * no thread there, and replayed by stopping the thread at that very tick.
 */
@ExtendWith(ResetsReplayPosition.class)
class ExitStopTest {

  /** A worker that ticks as instrumented code does, until the test is over. */
  private static final class Worker implements Runnable {
    final Scheduler scheduler;
    SchedThread sched;
    volatile boolean over;

    Worker(Scheduler scheduler) {
      this.scheduler = scheduler;
    }

    @Override
    public void run() {
      scheduler.begin(sched);
      while (!over) {
        if (++sched.ticks >= sched.switchAt) {
          scheduler.tick(sched);
        }
      }
    }
  }

  @Test
  void aRecordingsEndStopsTheRunningWorkerAtItsNextTickWithASwitchToNoThread() throws Exception {
    ScriptedScheduleLog log = new ScriptedScheduleLog(false, true);
    Scheduler scheduler = new Scheduler(log, SchedulePolicy.fair());
    Worker worker = new Worker(scheduler);
    Thread thread = start(scheduler, worker);
    try {
      while (worker.sched.ticks < 1_000) {
        Thread.sleep(1);
      }
      assertTrue(scheduler.stopForExit(null), "the worker did not stop");
      assertNull(scheduler.running());
      String last = log.written.get(log.written.size() - 1);
      long stoppedAt = worker.sched.ticks;
      assertEquals("1: SCHED_SWITCH -1 " + stoppedAt, last);
      Thread.sleep(20);
      assertEquals(stoppedAt, worker.sched.ticks, "the worker went on after its stop");
    } finally {
      worker.over = true;
      scheduler.disable();
      thread.join(10_000);
    }
  }

  @Test
  void aReplayStopsTheWorkerAtTheRecordedTick() throws Exception {
    ScriptedScheduleLog log = new ScriptedScheduleLog(true, true);
    log.toRead.add(new Object[] {EventKind.SCHED_SWITCH, 1, 1L}); // main ends: to the worker
    log.toRead.add(new Object[] {EventKind.SCHED_SWITCH, -1, 5_000L}); // the recording's end
    Scheduler scheduler = new Scheduler(log, SchedulePolicy.fair());
    Worker worker = new Worker(scheduler);
    Thread thread = start(scheduler, worker);
    try {
      long until = System.nanoTime() + 10_000_000_000L;
      while (!worker.sched.pastItsRecording && System.nanoTime() < until) {
        Thread.sleep(1);
      }
      assertTrue(worker.sched.pastItsRecording, "the worker did not reach its stop");
      assertNull(scheduler.running());
      assertEquals(5_000L, worker.sched.ticks);
      assertTrue(log.toRead.isEmpty());
    } finally {
      worker.over = true;
      scheduler.disable();
      thread.join(10_000);
    }
  }

  /** Main (this thread) starts the worker and ends, handing it the baton. */
  private static Thread start(Scheduler scheduler, Worker worker) {
    SchedThread main = new SchedThread(0, Thread.currentThread(), null);
    scheduler.adoptMain(main);
    Thread thread = new Thread(worker, "worker");
    worker.sched = new SchedThread(1, thread, null);
    scheduler.started(worker.sched);
    thread.start();
    scheduler.ended(main);
    return thread;
  }
}
