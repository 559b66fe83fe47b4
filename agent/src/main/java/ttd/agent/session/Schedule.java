package ttd.agent.session;

import ttd.runtime.ReplayPosition;
import java.util.Arrays;
import ttd.agent.identity.HashState;
import ttd.agent.identity.ThreadIds;
import ttd.agent.schedule.SchedThread;
import ttd.agent.schedule.Scheduler;
import ttd.log.EventKind;
import ttd.runtime.RealPark;

/**
 * The session's part for the scheduler's hooks: ticks, monitors, notify, park, join, yield,
 * interrupt, virtual threads.
 *
 * <p>A schedule point counts only on a thread that holds the baton and is not inside agent code;
 * everywhere else the real operation runs unchanged. Other session code that makes a real
 * blocking call on a program thread (I/O) brackets it with {@link Blocking}, so other threads run
 * meanwhile.
 */
final class Schedule {

  private final ProgramRun run;
  private final Scheduler scheduler;
  private final Exchange exchange;
  private final Lifecycle mode;

  Schedule(ProgramRun run, Exchange exchange, Lifecycle mode) {
    this.run = run;
    this.scheduler = run.scheduler();
    this.exchange = exchange;
    this.mode = mode;
  }

  /** The slow path of a tick ({@code ScheduleHooks.onTick}): the baton holder reached its {@code switchAt}. */
  void onTick() {
    SchedThread r = scheduler.running();
    if (r != null && r.thread() == Thread.currentThread() && !run.active) {
      r.switchAt = Long.MAX_VALUE; // the recording is over: its ticks no longer matter
      return;
    }
    ThreadState t = batonHolder();
    if (t == null) {
      return;
    }
    if (HashState.available()) {
      HashState.save(t.hash);
    }
    try {
      scheduler.tick(t.sched);
    } finally {
      run.exit(t);
    }
  }

  /** The calling thread's state if it holds the baton and is not in agent code, marked busy. */
  private ThreadState batonHolder() {
    SchedThread r = scheduler.running();
    if (r == null || r.thread() != Thread.currentThread() || !run.active) {
      return null;
    }
    ThreadState t = (ThreadState) r.owner;
    if (t.busy) {
      return null;
    }
    t.busy = true;
    return t;
  }

  /**
   * The slow path of a {@code monitorenter} ({@code ScheduleHooks.onMonitorEnter} counted its tick): the
   * tick reached {@code switchAt}, or another thread may hold the monitor.
   */
  void onMonitorEnter(Object monitor) {
    ThreadState t = batonHolder();
    if (t == null) {
      return;
    }
    SchedThread s = t.sched;
    // inside the hash bracket; no lambda here, since linking one on its first evaluation hashes
    // objects on this thread before a bracket could be in place
    if (HashState.available()) {
      HashState.save(t.hash);
    }
    try {
      if (s.ticks >= s.switchAt) {
        scheduler.tick(s);
      }
      scheduler.monitorEnter(s, monitor);
    } finally {
      run.exit(t);
    }
  }

  void onObjectNotify(Object monitor, boolean all) {
    ThreadState t = run.scheduled();
    if (t != null) {
      try {
        if (scheduler.holds(t.sched, monitor)) {
          scheduler.notify(t.sched, monitor, all);
        }
      } finally {
        run.exit(t);
      }
    }
    if (all) {
      monitor.notifyAll();
    } else {
      monitor.notify();
    }
  }

  void onThreadPark(RealPark real, Object unsafe, boolean absolute, long time) {
    ThreadState t = run.enter();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        throw EvaluationFence.blocking("park");
      }
      real.park(unsafe, absolute, time);
      return;
    }
    try {
      if (!scheduler.runs(t.sched)) {
        real.park(unsafe, absolute, time);
      } else if (!Thread.currentThread().isInterrupted()) {
        long timeout =
            !absolute && time == 0
                ? 0
                : Math.max(1, absolute ? (time - System.currentTimeMillis()) * 1_000_000 : time);
        scheduler.park(t.sched, timeout);
      }
    } finally {
      run.exit(t);
    }
  }

  void onThreadUnpark(RealPark real, Object unsafe, Object thread) {
    ThreadState t = run.enter();
    if (t == null) {
      real.unpark(unsafe, thread);
      if (scheduler != null && thread instanceof Thread) {
        scheduler.unparkFromOutside((Thread) thread);
      }
      return;
    }
    try {
      if (scheduler.runs(t.sched) && thread instanceof Thread) {
        scheduler.unpark(t.sched, (Thread) thread);
      } else if (thread instanceof Thread) {
        scheduler.unparkFromOutside((Thread) thread);
      }
      real.unpark(unsafe, thread);
    } finally {
      run.exit(t);
    }
  }

  void onThreadJoin(Thread thread, long millis, int nanos) throws InterruptedException {
    if (millis < 0) {
      throw new IllegalArgumentException("timeout value is negative");
    }
    ThreadState t = run.scheduled();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        throw EvaluationFence.blocking("wait for a thread to end");
      }
      thread.join(millis, nanos);
      return;
    }
    long outcome = 0;
    try {
      if (!scheduler.runsAlive(thread)) {
        // ended in the model, or not ttd's: as the JDK's join, no wait for an ended one, so no interrupt checked
        outcome = joinUnscheduled(t, thread, millis, nanos);
      } else if (Thread.interrupted()) {
        outcome = 1;
      } else {
        long timeout = millis == 0 && nanos == 0 ? 0 : Math.max(1, millis * 1_000_000 + nanos);
        Boolean ended = scheduler.join(t.sched, thread, timeout);
        if (ended == null) {
          outcome = joinUnscheduled(t, thread, millis, nanos);
        } else if (Thread.interrupted()) {
          outcome = 1;
        } else if (ended) {
          awaitRealEnd(thread);
        }
      }
    } finally {
      run.exit(t);
    }
    if (outcome != 0) {
      Thread.interrupted(); // set again when the thread was let back in (Scheduler#interrupt)
      interruptedByTheJdk(millis, nanos);
      throw new InterruptedException();
    }
  }

  /**
   * An interrupted join's exception, thrown by the JDK's own {@code join} (the overload the program
   * called) of the current thread, which is alive, so the JDK waits, and, with the thread's
   * interrupt field set, throws at once: the frames a plain run shows ({@code Object.wait} under
   * {@code Thread.join}), which the program's stack trace keeps ({@link ProgramStacks}). As agent
   * code, so that the wait inside passes through its hook.
   */
  private void interruptedByTheJdk(long millis, int nanos) throws InterruptedException {
    ThreadState t = run.enter();
    Waits.INTERRUPTED.setVolatile(Thread.currentThread(), true);
    try {
      Thread self = Thread.currentThread();
      if (nanos != 0) {
        self.join(millis, nanos);
      } else if (millis != 0) {
        self.join(millis);
      } else {
        self.join();
      }
    } finally {
      Thread.interrupted();
      run.exit(t);
    }
  }

  /**
   * Waits for the real end of a thread that has ended in the model (it has left the program; the
   * JVM is finishing it), leaving the interrupt status as it was: the program's join did not wait.
   */
  private static void awaitRealEnd(Thread thread) {
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          thread.join();
          return;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Waits.INTERRUPTED.setVolatile(Thread.currentThread(), true);
      }
    }
  }

  /**
   * Joining a thread the scheduler does not run, or no longer does: a real join outside the
   * scheduler, which for one that has ended in the model only waits for its real end.
   */
  private long joinUnscheduled(ThreadState t, Thread thread, long millis, int nanos) {
    long outcome = 0;
    scheduler.blockingBegin(t.sched, null, millis == 0 && nanos == 0 ? Thread.State.WAITING : Thread.State.TIMED_WAITING);
    try {
      if (exchange.performsRealIo()) {
        if (scheduler.stateOf(thread) == Thread.State.TERMINATED) {
          awaitRealEnd(thread);
        } else {
          thread.join(millis, nanos);
        }
      }
    } catch (InterruptedException e) {
      outcome = 1;
    } finally {
      scheduler.blockingEnd(t.sched);
    }
    return exchange.exchangeLong(t, EventKind.SCHED_WAIT, 0, outcome);
  }

  void onThreadYield() {
    ThreadState t = run.scheduled();
    if (t == null) {
      Thread.yield();
      return;
    }
    try {
      scheduler.yield(t.sched);
    } finally {
      run.exit(t);
    }
  }

  void onThreadInterrupt(Thread thread) {
    ThreadState t = run.scheduled();
    if (t != null) {
      try {
        scheduler.interrupt(t.sched, thread);
      } finally {
        run.exit(t);
      }
    }
  }

  boolean onThreadIsAlive(Thread thread) {
    ThreadState t = thread == null ? null : run.scheduled();
    if (t == null) {
      return thread.isAlive();
    }
    try {
      if (ThreadIds.madeOutsideProgram(thread.getId())) {
        return false;
      }
      Thread.State model = scheduler.stateOf(thread);
      return model == null ? thread.isAlive() : model != Thread.State.TERMINATED;
    } finally {
      run.exit(t);
    }
  }

  boolean onThreadIsInterrupted(Thread thread) {
    return thread.isInterrupted() || scheduler != null && scheduler.interruptHeld(thread);
  }

  Thread[] onThreadList(Thread[] all) {
    ThreadState t = all == null ? null : run.scheduled();
    if (t == null) {
      return all;
    }
    try {
      return scheduler.withoutEnded(withoutOutsiders(all));
    } finally {
      run.exit(t);
    }
  }

  /**
   * {@code all} without the threads made after premain by other than the program: ttd's own (the
   * recording's page toucher, Chronicle's, the replay's), which differ between recording and
   * replaying, so a program walking every thread (Tomcat's stop) took another number of turns.
   */
  private static Thread[] withoutOutsiders(Thread[] all) {
    int kept = 0;
    Thread[] out = new Thread[all.length];
    for (Thread t : all) {
      if (t == null || !ThreadIds.madeOutsideProgram(t.getId())) {
        out[kept++] = t;
      }
    }
    return kept == all.length ? all : Arrays.copyOf(out, kept);
  }

  Thread.State onThreadGetState(Thread thread) {
    Thread.State model = modelState(thread);
    return model == null ? thread.getState() : model;
  }

  /** A scheduled thread's state in the model, asked by the baton holder; else null (the real one). */
  private Thread.State modelState(Thread thread) {
    ThreadState t = thread == null ? null : run.scheduled();
    if (t == null) {
      return null;
    }
    try {
      return scheduler.stateOf(thread);
    } finally {
      run.exit(t);
    }
  }

  void onVirtualThreadStart(Object thread) {
    if (scheduler.enabled()) {
      mode.virtualThreadsStarted();
    }
  }
}
