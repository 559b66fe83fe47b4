package ttd.agent.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;
import ttd.agent.schedule.Scheduler;
import ttd.log.EventKind;
import ttd.runtime.NativeIoOp;
import ttd.runtime.RealCalls;

/**
 * {@code Process.waitFor}'s waits for the JDK's reaper ({@code Object.wait} on the process on JDK
 * 17, its lock's {@code Condition} on 25), which only the child's end or an interrupt ends.
 *
 * <p>They leave the scheduler for as long as they last, as a wait on a monitor only JDK code took
 * does ({@link Waits}): the other program threads run meanwhile (one that drains the child's
 * output, which the child waits for once its pipe is full; one that interrupts the waiter). Record
 * performs the wait and logs whether an interrupt ended it, and for {@code awaitNanos} the time
 * left; replay gives the baton up and takes it back at the same points without waiting, and
 * returns or throws what the recording saw. The next read of the process's state is logged
 * ({@link Processes}).
 *
 * <p>The reaper's own wait for the child ({@link #reap}) leaves the scheduler the same way.
 */
final class ChildWaits {

  /** A {@code ConditionObject}'s lock (its enclosing synchronizer). */
  private static final VarHandle CONDITION_LOCK;

  static {
    try {
      Class<?> condition = AbstractQueuedSynchronizer.ConditionObject.class;
      CONDITION_LOCK = MethodHandles.privateLookupIn(condition, MethodHandles.lookup())
          .findVarHandle(condition, "this$0", AbstractQueuedSynchronizer.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Scheduler scheduler;
  private final Blocking blocking;

  ChildWaits(Scheduler scheduler, Blocking blocking) {
    this.scheduler = scheduler;
    this.blocking = blocking;
  }

  /**
   * The process reaper's wait for a child ({@code waitForProcessExit0(pid, reap)}), when the
   * program's start of the child started the reaper too ({@link ProgramIoThreads}): only the child
   * ends it, so the reaper gives up the baton meanwhile, and what the reaper then does for the
   * program (setting the exit state, completing {@code onExit()}'s futures and running their
   * dependants) happens at the place in the schedule the recording holds. Replay waits for
   * nothing and returns the logged exit status.
   */
  Object reap(Exchange s, ThreadState t, RealCalls real, Object[] a) throws Exception {
    return NativeCalls.loggedAcross(blocking, "the wait for child " + a[0] + " to exit", s, t, real,
        EventKind.PROCESS_CALL, NativeCalls.key(NativeIoOp.PROCESS_REAP, a[0], a[1]), NativeIoOp.PROCESS_REAP, a);
  }

  /** {@code PROCESS_WAIT} (the monitor or condition) or {@code PROCESS_WAIT_NANOS} (condition, nanos). */
  Object await(Exchange s, ThreadState t, int op, Object[] a) throws InterruptedException {
    boolean timed = op == NativeIoOp.PROCESS_WAIT_NANOS;
    Object waitedOn = a[0];
    boolean scheduled = scheduler.runs(t.sched);
    if (scheduled) {
      // a monitor's waiter waits for the baton inside it, so that the monitor stays free meanwhile
      scheduler.blockingBegin(t.sched, waitedOn instanceof Condition ? null : waitedOn,
          timed ? Thread.State.TIMED_WAITING : Thread.State.WAITING);
    }
    long left = 0;
    long interrupted = 0;
    try {
      if (s.performsRealIo()) {
        if (timed) {
          left = ((Condition) waitedOn).awaitNanos((Long) a[1]);
        } else if (waitedOn instanceof Condition) {
          ((Condition) waitedOn).await();
        } else {
          waitedOn.wait();
        }
      }
    } catch (InterruptedException e) {
      interrupted = 1;
    } finally {
      if (scheduled) {
        if (waitedOn instanceof Condition) {
          scheduler.permitTakenByRealWait(t.sched); // in both modes; only a recording really waited
        }
        awaitBaton(t, waitedOn);
      }
    }
    if (s.exchangeLong(t, timed ? EventKind.TIMED_WAIT : EventKind.SCHED_WAIT, 0, interrupted) != 0) {
      Thread.interrupted(); // the interrupt the scheduler held and set again as the baton came back
      throw new InterruptedException();
    }
    return timed ? (Object) s.exchangeLong(t, EventKind.PROCESS_STATE, 0, left) : null;
  }

  /**
   * Takes the baton back. A waiter on a condition holds its lock again here (after the real {@code
   * await}, and in replay all along), so it lets go of the lock while it waits for the baton, as
   * the JDK's {@code await} does, and takes it again after: else another thread holding the baton
   * and calling {@code waitFor} on the same process (JGit's gobbler, with a timeout) blocks on the
   * lock for good. The JDK's {@code waitFor} takes the lock once.
   */
  private void awaitBaton(ThreadState t, Object waitedOn) {
    AbstractQueuedSynchronizer lock = waitedOn instanceof AbstractQueuedSynchronizer.ConditionObject
        ? (AbstractQueuedSynchronizer) CONDITION_LOCK.get(waitedOn) : null;
    if (lock != null) {
      lock.release(1);
    }
    try {
      scheduler.blockingEnd(t.sched);
    } finally {
      if (lock != null) {
        lock.acquire(1);
      }
    }
  }
}
