package ttd.agent.schedule;

import java.util.ArrayList;
import java.util.List;
import ttd.log.EventKind;
import ttd.runtime.ScheduleHooks;
import ttd.runtime.ReplayPosition;

/**
 * The baton itself: who holds it and how it passes on (the decisions, logged in record and read
 * back in replay). {@link BatonWait} is how a thread waits for it, {@link Arrivals} lets threads
 * back in from a timed or external wait, {@link DeadlockGrace} judges a hand-over to nobody and
 * {@link ExitStop} stops the holder when the run ends. {@link Scheduler} decides, with the
 * shadow model, when a thread must give it up.
 *
 * <p>Lock order: a thread may take {@link #lock} while holding a gate, never the reverse.
 */
final class Baton {

  final Object lock = new Object();
  final ShadowState shadow = new ShadowState();
  private final ScheduleLog log;
  private final SchedulePolicy policy;
  private final boolean replaying;
  private volatile SchedThread running;
  volatile boolean enabled = true;
  /** Replay: the ordinal of the thread the recording adopted from outside (-1: none). */
  volatile int adoptedOrdinal = -1;
  private final Arrivals arrivals;
  final ExitStop exit;
  private final DeadlockGrace deadlocks;
  private final BatonWait waiting;

  Baton(ScheduleLog log, SchedulePolicy policy) {
    this.log = log;
    this.policy = policy;
    this.replaying = log.replaying();
    this.arrivals = new Arrivals(this, log);
    this.exit = new ExitStop(this, log);
    this.deadlocks = new DeadlockGrace(this);
    this.waiting = new BatonWait(this, log);
  }

  boolean replaying() {
    return replaying;
  }

  /** The thread holding the baton, or null (idle, or scheduling off). */
  SchedThread running() {
    return running;
  }

  /**
   * Hands the baton to {@code t} (null: nobody runs), where the hooks' fast paths see it too: they
   * first, since {@code t} may run as soon as {@link #running} names it.
   */
  void runs(SchedThread t) {
    ScheduleHooks.batonPassed(t);
    running = t;
  }

  /**
   * Under the lock: the baton passes to {@code next} (null: nobody runs). Its slice is set up and,
   * in replay, the hand-over counted before {@code next} can see the baton: a waiting thread also
   * wakes by itself ({@link BatonWait}) and runs as soon as {@link #runs} names it, so a position
   * (event, tick) counted after that would be off by the ticks it ran meanwhile.
   */
  void passTo(SchedThread next) {
    if (next != null) {
      startSlice(next);
    }
    if (replaying) {
      ReplayPosition.handedOver(next);
    }
    runs(next);
  }

  /**
   * Ends {@code s}'s time slice at its next tick (record): it kept the baton through a call that
   * could not block, and gives the others a turn once it is back in its own code.
   */
  void endSlice(SchedThread s) {
    if (replaying) {
      return; // the log holds the switch
    }
    synchronized (lock) {
      s.budgetEnd = s.ticks;
      s.switchAt = 0; // its next tick takes the slow path, to pointOfChoice
    }
  }

  void pointOfChoice(SchedThread s, boolean yielding) {
    if (replaying) {
      replayTick(s);
      return;
    }
    if (exit.closing()) {
      exit.stopAtTick(s, PreemptionGuard.mayPreempt());
      return;
    }
    boolean mayPreempt =
        (yielding || s.ticks >= s.budgetEnd) && (yielding || PreemptionGuard.mayPreempt());
    SchedThread next = null;
    synchronized (lock) {
      arrivals.admitArrivals(s);
      if (yielding || s.ticks >= s.budgetEnd) {
        next = mayPreempt ? policy.next(s, shadow) : null;
        if (next != null) {
          s.prune();
          log.write(s, EventKind.SCHED_SWITCH, next.ordinal, s.ticks);
          passTo(next);
        } else {
          boolean alone = mayPreempt || shadow.firstEligibleAfter(s) == null;
          s.budgetEnd = s.ticks + (alone ? policy.budget() : 256);
        }
      }
      s.switchAt = s.budgetEnd;
    }
    if (next != null) {
      BatonWait.wake(next);
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
      if (d.kind == EventKind.SCHED_SWITCH && d.thread < 0) {
        exit.replayStop(s); // the recording ended while this thread held the baton
        return;
      }
      SchedThread next;
      synchronized (lock) {
        if (d.kind == EventKind.SCHED_ADMIT) {
          arrivals.admit(s, d.thread);
          ReplayPosition.consumed();
          continue;
        }
        next = replayedChoice(s, d);
        s.prune();
        passTo(next);
      }
      BatonWait.wake(next);
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
      next = exit.closing() ? null : policy.next(s, shadow);
      log.write(s, EventKind.SCHED_SWITCH, next == null ? -1 : next.ordinal, s.ticks);
    }
    passTo(next);
    return next != null ? next : arrivals.idle();
  }

  /** {@link Scheduler#leavesFor}. */
  boolean leavesFor(SchedThread s, boolean ready) {
    if (!replaying) {
      return !ready;
    }
    Decision d = s.next;
    return log.peek(s, d) && (d.kind == EventKind.SCHED_SWITCH || d.kind == EventKind.SCHED_ADMIT)
        && d.value == s.ticks + 1;
  }

  /** After a hand-off, outside the lock: wakes the next thread, or reports a deadlock. */
  void afterHandOff(SchedThread s, SchedThread next) {
    if (next != null) {
      BatonWait.wake(next);
      return;
    }
    String report = deadlocks.lasting();
    if (report != null) {
      log.deadlocked(s, report);
    }
  }

  private SchedThread replayedChoice(SchedThread s, Decision d) {
    SchedThread next = shadow.byOrdinal(d.thread);
    if (next == null || next == s || !shadow.eligible(next)) {
      log.diverged(s, d.toString(), "thread #" + d.thread + " cannot run here");
    }
    return next;
  }

  /** Record, under the lock: {@code t} was let in ({@link SchedulePolicy#admitted}). */
  void admitted(SchedThread t) {
    policy.admitted(t);
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
    t.startSlice(shadow.othersHold(t));
    if (replaying) {
      t.switchAt = 0;
    } else {
      t.budgetEnd = t.ticks + policy.budget();
      t.switchAt = t.budgetEnd;
    }
  }

  /** {@link BatonWait#awaitTimed}. */
  boolean awaitTimed(SchedThread s) {
    return waiting.awaitTimed(s);
  }

  /** {@link BatonWait#watcher}. */
  SchedThread watcher() {
    return waiting.watcher();
  }

  /** {@link BatonWait#await}. */
  boolean await(SchedThread t) {
    return waiting.await(t);
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
      BatonWait.wake(t);
    }
  }

  /** Runs {@code action} under the scheduler's lock: no thread is let in or resumes meanwhile. */
  void quiesced(Runnable action) {
    synchronized (lock) {
      action.run();
    }
  }

  /** What a stalled replay's report says of the scheduler ({@link ReplayStall}). */
  String stallWhy(long seconds) {
    long period;
    synchronized (lock) {
      period = arrivals.idlePeriods();
    }
    return "no thread has held the scheduler's baton and no event was replayed for " + seconds
        + " s; the run is at idle period " + period;
  }
}
