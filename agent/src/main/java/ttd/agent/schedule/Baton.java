package ttd.agent.schedule;

import java.util.ArrayList;
import java.util.List;
import ttd.log.EventKind;
import ttd.runtime.Hooks;
import ttd.runtime.ReplayPosition;

/**
 * The baton itself: who holds it, how it passes on (the decisions, logged in record and read
 * back in replay) and how a thread waits for it; {@link Arrivals} lets threads back in from a
 * timed or external wait. {@link Scheduler} decides, with the shadow model, when a thread must
 * give it up.
 *
 * <p>Lock order: a thread may take {@link #lock} while holding a gate, never the reverse.
 */
final class Baton {

  private static final long DEADLOCK_GRACE_NANOS = 2_000_000_000L;

  final Object lock = new Object();
  final ShadowState shadow = new ShadowState();
  private final ScheduleLog log;
  private final SchedulePolicy policy;
  private final boolean replaying;
  private volatile SchedThread running;
  volatile boolean enabled = true;
  private final Arrivals arrivals;
  /** Whether a stuck baton holder was reported ({@link BatonWatch}); once is enough. */
  private volatile boolean stuckReported;

  Baton(ScheduleLog log, SchedulePolicy policy) {
    this.log = log;
    this.policy = policy;
    this.replaying = log.replaying();
    this.arrivals = new Arrivals(this, log);
  }

  /** The thread holding the baton, or null (idle, or scheduling off). */
  SchedThread running() {
    return running;
  }

  /** Hands the baton to {@code t} (null: nobody runs), where the hooks' fast paths see it too. */
  void runs(SchedThread t) {
    running = t;
    Hooks.batonPassed(t);
  }

  void pointOfChoice(SchedThread s, boolean yielding) {
    if (replaying) {
      replayTick(s);
      return;
    }
    boolean mayPreempt =
        (yielding || s.ticks >= s.budgetEnd) && (yielding || PreemptionGuard.mayPreempt());
    SchedThread next = null;
    synchronized (lock) {
      arrivals.admitArrivals(s);
      if (yielding || s.ticks >= s.budgetEnd) {
        List<SchedThread> others = shadow.eligibleOthers(s);
        if (!others.isEmpty() && mayPreempt) {
          s.prune();
          next = policy.choose(s, others);
          log.write(s, EventKind.SCHED_SWITCH, next.ordinal, s.ticks);
          runs(next);
          startSlice(next);
        } else {
          s.budgetEnd = s.ticks + (others.isEmpty() ? policy.budget() : 256);
        }
      }
      s.switchAt = s.budgetEnd;
    }
    if (next != null) {
      wake(next);
      await(s);
    }
  }

  private void replayTick(SchedThread s) {
    if (s.ticks == ReplayPosition.tickStop(s)) {
      ReplayPosition.tickReached();
    }
    Decision d = s.next;
    while (true) {
      if (!log.peek(s, d) || (d.kind != EventKind.SCHED_SWITCH && d.kind != EventKind.SCHED_ADMIT)) {
        s.switchAt = untilStop(s, Long.MAX_VALUE);
        return;
      }
      if (d.value > s.ticks) {
        s.switchAt = untilStop(s, d.value);
        return;
      }
      if (d.value < s.ticks) {
        log.diverged(s, d.toString(), "no schedule point at that tick (now at tick " + s.ticks + ")");
      }
      log.consume(s);
      SchedThread next;
      synchronized (lock) {
        if (d.kind == EventKind.SCHED_ADMIT) {
          arrivals.admit(s, d.thread);
          ReplayPosition.consumed();
          continue;
        }
        next = replayedChoice(s, d);
        s.prune();
        runs(next);
        startSlice(next);
        ReplayPosition.handedOver(next);
      }
      wake(next);
      await(s);
      return;
    }
  }

  /** {@code at}, or the tick a debugger asked to stop at if that comes first (replay). */
  private static long untilStop(SchedThread s, long at) {
    long stop = ReplayPosition.tickStop(s);
    return stop > s.ticks ? Math.min(at, stop) : at;
  }

  // ---- forced decisions: the running thread blocks or ends ----

  /** Under the lock: {@code s} cannot go on; the next thread (or none) gets the baton. */
  SchedThread handOff(SchedThread s) {
    s.prune();
    s.ticks++;
    SchedThread next;
    if (replaying) {
      Decision d = s.next;
      while (true) {
        if (!log.peek(s, d) || d.value != s.ticks
            || (d.kind != EventKind.SCHED_SWITCH && d.kind != EventKind.SCHED_ADMIT)) {
          log.diverged(
              s,
              log.peek(s, d) ? d.toString() : "no thread switch",
              "a thread switch at tick " + s.ticks + " (the thread blocks here)");
        }
        log.consume(s);
        if (d.kind == EventKind.SCHED_ADMIT) {
          arrivals.admit(s, d.thread);
          ReplayPosition.consumed();
          continue;
        }
        next = d.thread < 0 ? null : replayedChoice(s, d);
        break;
      }
    } else {
      arrivals.admitArrivals(s);
      List<SchedThread> candidates = shadow.eligibleOthers(s);
      next = candidates.isEmpty() ? null : policy.choose(s, candidates);
      log.write(s, EventKind.SCHED_SWITCH, next == null ? -1 : next.ordinal, s.ticks);
    }
    runs(next);
    if (replaying) {
      ReplayPosition.handedOver(next);
    }
    if (next != null) {
      startSlice(next);
      return next;
    }
    return arrivals.idle();
  }

  /** After a hand-off, outside the lock: wakes the next thread, or reports a deadlock. */
  void afterHandOff(SchedThread s, SchedThread next) {
    if (next != null) {
      wake(next);
      return;
    }
    String report = deadlockThatLasts();
    if (report != null) {
      log.deadlocked(s, report);
    }
  }

  /**
   * The report of a deadlock that is still there after a grace period, or null. A thread the
   * program does not run (the JDK's process reaper releasing the lock a waiter needs) may still
   * unpark a thread that looks stuck; that comes back as an arrival, which ends the wait. Measured:
   * on JDK 25 under load, {@code Process.waitFor}'s lock, held by the reaper, made a recording
   * report a deadlock and end with 88. A replay follows its log and reports at once.
   */
  private String deadlockThatLasts() {
    long until = System.nanoTime() + (replaying ? 0 : DEADLOCK_GRACE_NANOS);
    while (true) {
      synchronized (lock) {
        if (!enabled || running() != null || !shadow.deadlocked()) {
          return null;
        }
        if (System.nanoTime() - until >= 0) {
          return DeadlockReport.of(shadow);
        }
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
  }

  private SchedThread replayedChoice(SchedThread s, Decision d) {
    SchedThread next = shadow.byOrdinal(d.thread);
    if (next == null || next == s || !shadow.eligible(next)) {
      log.diverged(s, d.toString(), "thread #" + d.thread + " cannot run here");
    }
    return next;
  }

  /** Back from a timed or external wait: let in by the running thread, or resume an idle run. */
  void arrive(SchedThread s) {
    arrivals.arrive(s);
  }

  // ---- the baton ----

  void timed(SchedThread s, long timeoutNanos) {
    s.timed = timeoutNanos != 0;
    s.arrived = false;
    s.deadline = System.nanoTime() + Math.max(timeoutNanos, 0);
  }

  void startSlice(SchedThread t) {
    t.othersHold = shadow.othersHold(t);
    if (replaying) {
      t.switchAt = 0;
    } else {
      t.budgetEnd = t.ticks + policy.budget();
      t.switchAt = t.budgetEnd;
    }
  }

  /** {@link #await} for a thread blocked with a timeout: in replay the log may resume it. */
  boolean awaitTimed(SchedThread s) {
    if (replaying && s.timed) {
      arrive(s);
    }
    return await(s);
  }

  static void wake(SchedThread t) {
    Object gate = t.gate;
    synchronized (gate) {
      gate.notifyAll();
    }
  }

  /**
   * Waits, outside the lock, until {@code t} holds the baton (or scheduling is off). A recording
   * thread in a timed block arrives by itself when its time is up.
   *
   * @return whether the thread was interrupted meanwhile (its interrupt status is kept)
   */
  boolean await(SchedThread t) {
    boolean interrupted = false;
    BatonWatch watch = null;
    while (true) {
      Object gate = t.gate;
      boolean timeUp = false;
      synchronized (gate) {
        if (running() == t || !enabled) {
          break;
        }
        long millis = BatonWatch.CHECK_MILLIS;
        if (!replaying && t.timed && !t.arrived) {
          long left = t.deadline - System.nanoTime();
          timeUp = left <= 0;
          millis = Math.min(millis, Math.max(1, (left + 999_999) / 1_000_000));
        }
        if (!timeUp) {
          try {
            gate.wait(millis);
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
      }
      if (timeUp) {
        arrive(t);
        continue;
      }
      SchedThread r = running();
      if (r != null && r != t) {
        watch = watch == null ? new BatonWatch() : watch;
        String report = watch.check(r);
        if (report != null && !stuckReported) {
          stuckReported = true;
          log.stuck(t, report);
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return interrupted;
  }

  /** Stops scheduling for good (the recording stopped): every waiting thread runs free. */
  void disable() {
    enabled = false;
    runs(null);
    if (replaying) {
      ReplayPosition.scheduling = false;
      ReplayPosition.running = null;
    }
    List<SchedThread> all;
    synchronized (lock) {
      all = new ArrayList<>(shadow.live());
    }
    for (SchedThread t : all) {
      wake(t);
    }
  }

  /** Runs {@code action} under the scheduler's lock: no thread is let in or resumes meanwhile. */
  void quiesced(Runnable action) {
    synchronized (lock) {
      action.run();
    }
  }
}
