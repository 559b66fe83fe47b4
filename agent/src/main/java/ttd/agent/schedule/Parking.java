package ttd.agent.schedule;

import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

/**
 * {@code Unsafe.park/unpark} in the model (so {@code LockSupport} and all of java.util.concurrent):
 * park permits, parked threads, and unparks by threads the scheduler does not run.
 *
 * <p>An unpark from outside the program (the JDK's process reaper) comes at a moment only the
 * outside decides. If the target is parked in the model, it comes back as from a timeout, and its
 * return is logged like one. If not, it gets the model's permit, and the park that takes that
 * permit logs it ({@link EventKind#SCHED_ADMIT} of the thread itself, one tick on); replay, which
 * ignores outside unparks, takes the permit where the log says. Without that log, whether the
 * unpark came before or after the park would be a race the replay cannot see.
 */
final class Parking {

  private final Baton baton;
  private final ScheduleLog log;
  private final Object lock;
  private final ShadowState shadow;
  private final boolean replaying;

  Parking(Baton baton, ScheduleLog log) {
    this.baton = baton;
    this.log = log;
    this.lock = baton.lock;
    this.shadow = baton.shadow;
    this.replaying = log.replaying();
  }

  /** {@code Unsafe.park}: returns at once with a permit, else blocks until unparked. */
  void park(SchedThread s, long timeoutNanos) {
    SchedThread next;
    synchronized (lock) {
      if (tookOutsidePermit(s)) {
        return;
      }
      if (s.permit) {
        s.permit = false;
        return;
      }
      shadow.set(s, SchedThread.State.PARK);
      baton.timed(s, timeoutNanos);
      next = baton.handOff(s);
    }
    baton.afterHandOff(s, next);
    if (replaying && !s.timed) {
      baton.arrive(s); // unparked from outside the program in the recording: the log may resume it
    }
    baton.awaitTimed(s);
  }

  /** Under the lock: the park takes a permit an outside unpark gave (logged in record). */
  private boolean tookOutsidePermit(SchedThread s) {
    if (replaying) {
      Decision d = s.next;
      if (!log.peek(s, d) || d.kind != EventKind.SCHED_ADMIT || d.thread != s.ordinal
          || d.value != s.ticks + 1) {
        return false;
      }
      log.consume(s);
      ReplayPosition.consumed();
    } else {
      if (!s.permit || !s.outsidePermit) {
        return false;
      }
      log.write(s, EventKind.SCHED_ADMIT, s.ordinal, s.ticks + 1);
    }
    s.ticks++;
    s.permit = false;
    s.outsidePermit = false;
    return true;
  }

  /**
   * An unpark of a scheduled thread by a thread the scheduler does not run, while recording: a
   * parked target comes back as from a timeout; otherwise it gets the permit, marked as from
   * outside. Replay follows the log and ignores such unparks.
   */
  void unparkFromOutside(Thread target) {
    if (replaying) {
      return;
    }
    SchedThread t;
    synchronized (lock) {
      t = shadow.byThread(target);
      if (t == null) {
        return;
      }
      if (t.state != SchedThread.State.PARK) {
        t.permit = true;
        t.outsidePermit = true;
        return;
      }
      t.timed = true;
      t.deadline = System.nanoTime();
    }
    BatonWait.wake(t);
  }

  /** {@code Unsafe.unpark} by the running thread; false if the target is not a scheduled thread. */
  boolean unpark(Thread target) {
    synchronized (lock) {
      SchedThread t = shadow.byThread(target);
      if (t == null) {
        return false;
      }
      if (t.state == SchedThread.State.PARK) {
        shadow.runnable(t);
      } else {
        t.permit = true;
      }
      return true;
    }
  }
}
