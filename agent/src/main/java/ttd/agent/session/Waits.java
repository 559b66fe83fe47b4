package ttd.agent.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import ttd.runtime.ReplayPosition;
import ttd.agent.schedule.SchedThread;
import ttd.agent.schedule.Scheduler;
import ttd.log.EventKind;

/**
 * The session's part for sleeps and timed waits, written once for record and replay alike: they leave the serializing
 * scheduler for as long as they last, so record performs them and logs how each ended (normally
 * or interrupted) and replay returns that without waiting. A wait on a monitor the scheduler's
 * model holds stays inside the model instead.
 */
final class Waits {

  /** {@code Thread.interrupted}, the field the JVM reads: setting it is not an {@code interrupt()} the scheduler sees. */
  static final VarHandle INTERRUPTED;

  static {
    try {
      INTERRUPTED = MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup())
          .findVarHandle(Thread.class, "interrupted", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final ProgramRun run;
  private final Scheduler scheduler;
  private final Exchange exchange;

  Waits(ProgramRun run, Exchange exchange) {
    this.run = run;
    this.scheduler = run.scheduler();
    this.exchange = exchange;
  }

  void onThreadSleep(long millis, int nanos) throws InterruptedException {
    waitOrSleep(null, millis, nanos, EventKind.SLEEP, false);
  }

  void onObjectWait(Object monitor, long millis, int nanos) throws InterruptedException {
    waitOrSleep(monitor, millis, nanos, EventKind.TIMED_WAIT, false);
  }

  /** {@code wait()}: as {@code wait(0)}, but thrown from and done through that overload. */
  void onObjectWait(Object monitor) throws InterruptedException {
    waitOrSleep(monitor, 0, 0, EventKind.TIMED_WAIT, true);
  }

  /**
   * A wait on a monitor the scheduler's model holds is modelled (no event: the schedule decides
   * how it ends). A sleep, or a wait on a monitor only the JDK's code took, leaves the scheduler:
   * record performs it and logs whether it ended normally (0) or by interruption (1); replay
   * returns that without waiting.
   */
  private void waitOrSleep(Object monitor, long millis, int nanos, EventKind kind, boolean noArguments)
      throws InterruptedException {
    ThreadState t = run.enter();
    boolean untimed = monitor != null && millis == 0 && nanos == 0;
    if (t != null && untimed && !scheduler.runs(t.sched)) {
      run.exit(t);
      t = null;
    }
    if (t == null) {
      if (ReplayPosition.evaluating) {
        throw EvaluationFence.blocking(monitor == null ? "sleep" : "wait on a monitor");
      }
      realWait(monitor, millis, nanos, noArguments);
      return;
    }
    long outcome = 0;
    try {
      if (monitor != null && !Thread.holdsLock(monitor)) {
        throw new IllegalMonitorStateException("current thread is not owner");
      }
      if (millis < 0) {
        throw new IllegalArgumentException("timeout value is negative");
      }
      SchedThread s = t.sched;
      boolean scheduled = scheduler.runs(s) && (monitor != null || scheduler.loneWaitLeaves());
      if (scheduled && monitor != null && scheduler.holds(s, monitor)) {
        long timeout = untimed ? 0 : Math.max(1, millis * 1_000_000 + nanos);
        if (Thread.interrupted() || scheduler.waitOn(s, monitor, timeout)) {
          Thread.interrupted();
          outcome = 1;
        }
      } else {
        if (scheduled) {
          scheduler.blockingBegin(s, monitor, untimed ? Thread.State.WAITING : Thread.State.TIMED_WAITING);
        }
        try {
          if (exchange.performsWaits(millis, nanos)) {
            realWait(monitor, millis, nanos, noArguments); // stays busy: replay does not run the JDK's wait code
          } else if (Thread.currentThread().isInterrupted()) {
            outcome = 1;
          }
        } catch (InterruptedException e) {
          outcome = 1;
        } finally {
          if (scheduled) {
            scheduler.blockingEnd(s);
          }
        }
        outcome = exchange.exchangeLong(t, untimed ? EventKind.SCHED_WAIT : kind, 0, outcome);
        if (outcome == 0 && monitor instanceof Thread && !exchange.performsRealIo()) {
          awaitTermination((Thread) monitor);
        }
      }
    } finally {
      run.exit(t);
    }
    if (outcome != 0) {
      Thread.interrupted();
      interruptedByTheJdk(monitor, millis, nanos, noArguments);
      throw new InterruptedException(kind == EventKind.SLEEP ? "sleep interrupted" : null);
    }
  }

  /**
   * An interrupted sleep's or wait's exception, thrown by the JDK's own method: with the thread's
   * interrupt status set (its field, which the JVM reads; {@code interrupt()} would be the
   * scheduler's) it throws at once, with the frames a plain run shows (a native on 17, {@code
   * sleepNanos0} or {@code wait0} and their Java callers later), which the program's stack trace
   * keeps ({@link ProgramStacks}). A wait whose monitor the thread does not hold is left to the
   * caller's exception.
   */
  private static void interruptedByTheJdk(Object monitor, long millis, int nanos, boolean noArguments)
      throws InterruptedException {
    if (monitor != null && !Thread.holdsLock(monitor)) {
      return;
    }
    INTERRUPTED.setVolatile(Thread.currentThread(), true);
    try {
      realWait(monitor, millis, nanos, noArguments);
    } finally {
      Thread.interrupted();
    }
  }

  /**
   * Replay of {@code Thread.join}'s own {@code while (isAlive()) wait()}: the recorded wait ended
   * because the thread had terminated; the replayed one is let in by the log, perhaps while the
   * JVM is still finishing that thread, so wait for that too (it has left the program already).
   */
  private void awaitTermination(Thread joined) throws InterruptedException {
    for (ThreadState o : run.allThreads()) {
      if (o.sched.thread() == joined && o.sched.ended()) {
        while (joined.isAlive()) {
          joined.wait(1);
        }
        return;
      }
    }
  }

  /**
   * The program's sleep or wait, through the overload it named (the frames of a dump or an
   * exception show which): {@code wait()} where {@code noArguments}; a zero {@code nanos} as the
   * one-argument form.
   */
  private static void realWait(Object monitor, long millis, int nanos, boolean noArguments)
      throws InterruptedException {
    if (monitor == null) {
      if (nanos == 0) {
        Thread.sleep(millis);
      } else {
        Thread.sleep(millis, nanos);
      }
    } else if (noArguments) {
      monitor.wait();
    } else if (nanos == 0) {
      monitor.wait(millis);
    } else {
      monitor.wait(millis, nanos);
    }
  }
}
