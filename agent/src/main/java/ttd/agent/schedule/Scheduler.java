package ttd.agent.schedule;

import java.util.ArrayList;
import java.util.List;
import ttd.log.EventKind;

/**
 * The serializing scheduler: exactly one recorded thread runs at a time (it holds the baton) and
 * hands it on only at schedule points. Recording logs every decision in the deciding thread's log
 * ({@link EventKind#SCHED_SWITCH}, {@link EventKind#SCHED_ADMIT}, {@link EventKind#SCHED_RESUME});
 * replay reads them back and makes the same ones.
 *
 * <p>A decision is keyed by the deciding thread's tick: ticks count method entries and back-edges
 * of application code and one per decision, so every decision has a tick of its own and replay
 * knows where to make it. The shadow model ({@link SchedThread}'s held monitors, wait sets,
 * permits) decides whether an operation would block <em>before</em> the real primitive runs, so
 * the real primitive never blocks a thread holding the baton. Timed waits, sleeps and real I/O
 * leave the scheduler ({@link #blockingBegin}); a thread back from one is let in by the running
 * thread at its next schedule point, or takes the baton itself if nobody runs: both are logged.
 *
 * <p>Lock order: a thread may take the scheduler's lock while holding a gate, never the reverse.
 */
public final class Scheduler {

  private final Object lock = new Object();
  private final ScheduleLog log;
  private final SchedulePolicy policy;
  private final boolean replaying;
  private final ShadowState shadow = new ShadowState();
  private volatile SchedThread running;
  private volatile boolean enabled = true;
  private long idlePeriods;
  private long waitOrders;
  /** Whether a thread other than the running one holds a monitor (if not, no enter can block). */
  private boolean othersHold;

  public Scheduler(ScheduleLog log, SchedulePolicy policy) {
    this.log = log;
    this.policy = policy;
    this.replaying = log.replaying();
  }

  /** The thread holding the baton, or null (idle, or scheduling off). */
  public SchedThread running() {
    return running;
  }

  public boolean enabled() {
    return enabled;
  }

  /** Whether {@code t} holds the baton: only then do its schedule points go through here. */
  public boolean runs(SchedThread t) {
    return enabled && running == t;
  }

  /** The main thread, which holds the baton from the start. */
  public void adoptMain(SchedThread main) {
    synchronized (lock) {
      shadow.add(main);
      running = main;
      startSlice(main);
    }
  }

  /** A thread the running thread is starting: runnable, it waits for the baton when it begins. */
  public void started(SchedThread child) {
    synchronized (lock) {
      shadow.add(child);
    }
  }

  /** The child's first instruction: wait until the scheduler hands it the baton. */
  public void begin(SchedThread child) {
    await(child);
  }

  // ---- ticks and optional switches ----

  /** The slow path of a tick point, when the thread's ticks reached its {@code switchAt}. */
  public void tick(SchedThread s) {
    pointOfChoice(s, false);
  }

  /** {@code Thread.yield()} and {@code Thread.onSpinWait()}: a tick that prefers another thread. */
  public void yield(SchedThread s) {
    s.ticks++;
    pointOfChoice(s, true);
  }

  private void pointOfChoice(SchedThread s, boolean yielding) {
    if (replaying) {
      replayTick(s);
      return;
    }
    boolean mayPreempt =
        (yielding || s.ticks >= s.budgetEnd) && (yielding || PreemptionGuard.mayPreempt());
    SchedThread next = null;
    synchronized (lock) {
      admitArrivals(s);
      if (yielding || s.ticks >= s.budgetEnd) {
        List<SchedThread> others = shadow.eligibleOthers(s);
        if (!others.isEmpty() && mayPreempt) {
          s.prune();
          next = policy.choose(s, others);
          log.write(s, EventKind.SCHED_SWITCH, next.ordinal, s.ticks);
          running = next;
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
    Decision d = s.next;
    while (true) {
      if (!log.peek(s, d) || (d.kind != EventKind.SCHED_SWITCH && d.kind != EventKind.SCHED_ADMIT)) {
        s.switchAt = Long.MAX_VALUE;
        return;
      }
      if (d.value > s.ticks) {
        s.switchAt = d.value;
        return;
      }
      if (d.value < s.ticks) {
        log.diverged(s, d.toString(), "no schedule point at that tick (now at tick " + s.ticks + ")");
      }
      log.consume(s);
      SchedThread next;
      synchronized (lock) {
        if (d.kind == EventKind.SCHED_ADMIT) {
          admit(s, d.thread);
          continue;
        }
        next = replayedChoice(s, d);
        s.prune();
        running = next;
        startSlice(next);
      }
      wake(next);
      await(s);
      return;
    }
  }

  // ---- forced decisions: the running thread blocks or ends ----

  /** Under the lock: {@code s} cannot go on; the next thread (or none) gets the baton. */
  private SchedThread handOff(SchedThread s) {
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
          admit(s, d.thread);
          continue;
        }
        next = d.thread < 0 ? null : replayedChoice(s, d);
        break;
      }
    } else {
      admitArrivals(s);
      List<SchedThread> candidates = shadow.eligibleOthers(s);
      next = candidates.isEmpty() ? null : policy.choose(s, candidates);
      log.write(s, EventKind.SCHED_SWITCH, next == null ? -1 : next.ordinal, s.ticks);
    }
    running = next;
    if (next != null) {
      startSlice(next);
      return next;
    }
    return idle();
  }

  /** After a hand-off, outside the lock: wakes the next thread, or reports a deadlock. */
  private void afterHandOff(SchedThread s, SchedThread next) {
    if (next != null) {
      wake(next);
      return;
    }
    String report = null;
    synchronized (lock) {
      if (enabled && running == null && shadow.deadlocked()) {
        report = DeadlockReport.of(shadow);
      }
    }
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

  // ---- the operations ----

  /** The fast path of {@link #monitorEnter}: takes a free (or own) monitor; false if contended. */
  public boolean tryMonitorEnter(SchedThread s, Object monitor) {
    if (!othersHold) {
      s.acquire(monitor);
      return true;
    }
    SchedThread holder = shadow.holderOf(monitor);
    if (holder == null || holder == s) {
      s.acquire(monitor);
      return true;
    }
    return false;
  }

  /** Before a real {@code monitorenter}: waits (in the model) until the monitor is free. */
  public void monitorEnter(SchedThread s, Object monitor) {
    if (tryMonitorEnter(s, monitor)) {
      return;
    }
    SchedThread next;
    synchronized (lock) {
      s.state = SchedThread.State.MONITOR;
      s.want = monitor;
      next = handOff(s);
    }
    afterHandOff(s, next);
    await(s);
    reacquire(s);
  }

  /** Whether {@code s} holds {@code monitor} in the model (so a wait on it is modelled). */
  public boolean holds(SchedThread s, Object monitor) {
    return s.holds(monitor);
  }

  /**
   * {@code Object.wait} on a monitor the model knows {@code s} holds: releases it, waits in its
   * wait set (really inside {@code monitor.wait()}, so the real monitor is free for others), and
   * returns once notified (or timed out, or interrupted) and holding it again.
   *
   * @return whether the thread was interrupted while waiting
   */
  public boolean waitOn(SchedThread s, Object monitor, long timeoutNanos) {
    SchedThread next;
    synchronized (lock) {
      s.releaseAll(monitor);
      s.state = SchedThread.State.WAIT;
      s.waitingOn = monitor;
      s.waitOrder = ++waitOrders;
      timed(s, timeoutNanos);
      s.gate = monitor;
      next = handOff(s);
    }
    afterHandOff(s, next);
    boolean interrupted = awaitTimed(s);
    reacquire(s);
    return interrupted;
  }

  private void reacquire(SchedThread s) {
    synchronized (lock) {
      if (s.want != null) {
        s.acquire(s.want);
      }
      s.want = null;
      s.state = SchedThread.State.RUNNABLE;
      s.gate = s.ownGate();
    }
  }

  /** {@code notify}/{@code notifyAll} on a monitor {@code s} holds in the model. */
  public void notify(SchedThread s, Object monitor, boolean all) {
    synchronized (lock) {
      shadow.notify(monitor, all);
    }
  }

  /** {@code Unsafe.park}: returns at once with a permit, else blocks until unparked. */
  public void park(SchedThread s, long timeoutNanos) {
    SchedThread next;
    synchronized (lock) {
      if (s.permit) {
        s.permit = false;
        return;
      }
      s.state = SchedThread.State.PARK;
      timed(s, timeoutNanos);
      next = handOff(s);
    }
    afterHandOff(s, next);
    if (replaying && !s.timed) {
      arrive(s); // unparked from outside the program in the recording: the log may resume it
    }
    awaitTimed(s);
  }

  /**
   * An unpark of a scheduled thread by a thread the scheduler does not run (the JDK's process
   * reaper, say), while recording: a parked target comes back as from a timeout, so its return is
   * logged like one (let in by the running thread, or resuming an idle program); otherwise it gets
   * the permit. Replay follows the log and ignores such unparks.
   */
  public void unparkFromOutside(Thread target) {
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
        return;
      }
      t.timed = true;
      t.deadline = System.nanoTime();
    }
    wake(t);
  }

  /** {@code Unsafe.unpark}; false if the target is not a scheduled thread. */
  public boolean unpark(SchedThread s, Thread target) {
    synchronized (lock) {
      SchedThread t = shadow.byThread(target);
      if (t == null) {
        return false;
      }
      if (t.state == SchedThread.State.PARK) {
        t.state = SchedThread.State.RUNNABLE;
        t.timed = false;
        t.arrived = false;
      } else {
        t.permit = true;
      }
      return true;
    }
  }

  /**
   * {@code Thread.join}: waits in the model until the target ends (or the timeout passes).
   *
   * @return whether the target ended; null if it is not a scheduled thread
   */
  public Boolean join(SchedThread s, Thread target, long timeoutNanos) {
    SchedThread next;
    SchedThread t;
    synchronized (lock) {
      t = shadow.byThread(target);
      if (t == null) {
        return null;
      }
      if (t.state == SchedThread.State.DONE) {
        return true;
      }
      s.state = SchedThread.State.JOIN;
      s.joining = t;
      timed(s, timeoutNanos);
      next = handOff(s);
    }
    afterHandOff(s, next);
    awaitTimed(s);
    synchronized (lock) {
      s.joining = null;
      return t.state == SchedThread.State.DONE;
    }
  }

  /** Before a real {@code Thread.interrupt}: a waiting, parked or joining target wakes up. */
  public void interrupt(SchedThread s, Thread target) {
    synchronized (lock) {
      SchedThread t = shadow.byThread(target);
      if (t != null && t != s) {
        shadow.wake(t);
      }
    }
  }

  /** The running thread ends: joiners wake, the baton goes on. */
  public void ended(SchedThread s) {
    SchedThread next;
    synchronized (lock) {
      s.state = SchedThread.State.DONE;
      s.heldCount = 0;
      shadow.ended(s);
      next = handOff(s);
    }
    afterHandOff(s, next);
  }

  // ---- leaving the scheduler: sleeps, real I/O, waits on JDK-held monitors ----

  /**
   * The running thread is about to block outside the scheduler (a sleep, real I/O, a wait on a
   * monitor the model does not know): it gives up the baton. Pair with {@link #blockingEnd}.
   *
   * @param gate what the real thread will wait on for the baton afterwards: null for its own
   *     gate, or the monitor it waits in (so that the real monitor stays free meanwhile)
   */
  public void blockingBegin(SchedThread s, Object gate) {
    SchedThread next;
    synchronized (lock) {
      s.state = SchedThread.State.EXTERNAL;
      s.gate = gate == null ? s.ownGate() : gate;
      next = handOff(s);
    }
    afterHandOff(s, next);
  }

  /** The thread is back from {@link #blockingBegin}: it waits to be let in and for the baton. */
  public void blockingEnd(SchedThread s) {
    arrive(s);
    await(s);
    synchronized (lock) {
      s.gate = s.ownGate();
    }
  }

  /** Back from a timed or external wait: let in by the running thread, or resume an idle run. */
  private void arrive(SchedThread s) {
    SchedThread next = null;
    boolean resumed = false;
    if (replaying) {
      Decision d = s.next;
      if (log.peek(s, d) && d.kind == EventKind.SCHED_RESUME) {
        log.consume(s);
        synchronized (lock) {
          s.resumeAtIdle = d.value;
          if (running == null && idlePeriods == d.value) {
            resumed = true;
            next = resumeIdle(s);
          }
        }
      }
    } else {
      synchronized (lock) {
        if (!shadow.blockedWithTimeout(s) && s.state != SchedThread.State.EXTERNAL) {
          s.timed = false;
          return; // already let in (notified, unparked, the joined thread ended)
        }
        if (running == null && enabled) {
          log.write(s, EventKind.SCHED_RESUME, s.ordinal, idlePeriods);
          resumed = true;
          next = resumeIdle(s);
        } else {
          s.arrived = true;
          SchedThread r = running;
          if (r != null) {
            r.switchAt = 0;
          }
        }
      }
    }
    if (resumed && next != s) {
      afterHandOff(s, next);
    }
  }

  /** Under the lock, idle: {@code s} resumes (its timeout applies); returns who runs now. */
  private SchedThread resumeIdle(SchedThread s) {
    s.resumeAtIdle = -1;
    shadow.timeOut(s);
    if (shadow.eligible(s)) {
      running = s;
      startSlice(s);
      return s;
    }
    return idle();
  }

  /** Under the lock: nobody runs. A new idle period starts; replay resumes whom the log says. */
  private SchedThread idle() {
    idlePeriods++;
    if (replaying) {
      SchedThread r = shadow.resumingAt(idlePeriods);
      if (r != null) {
        return resumeIdle(r);
      }
    }
    return null;
  }

  /** Under the lock: the running thread lets in every thread that came back (record). */
  private void admitArrivals(SchedThread s) {
    for (SchedThread t : shadow.arrived()) {
      t.arrived = false;
      if (shadow.timeOut(t)) {
        log.write(s, EventKind.SCHED_ADMIT, t.ordinal, s.ticks);
      }
    }
  }

  private void admit(SchedThread s, int ordinal) {
    SchedThread t = shadow.byOrdinal(ordinal);
    if (t == null || !shadow.timeOut(t)) {
      log.diverged(s, "thread #" + ordinal + " let back in", "it is not waiting");
    }
  }

  // ---- the baton ----

  private void timed(SchedThread s, long timeoutNanos) {
    s.timed = timeoutNanos != 0;
    s.arrived = false;
    s.deadline = System.nanoTime() + Math.max(timeoutNanos, 0);
  }

  private void startSlice(SchedThread t) {
    othersHold = shadow.othersHold(t);
    if (replaying) {
      t.switchAt = 0;
    } else {
      t.budgetEnd = t.ticks + policy.budget();
      t.switchAt = t.budgetEnd;
    }
  }

  /** {@link #await} for a thread blocked with a timeout: in replay the log may resume it. */
  private boolean awaitTimed(SchedThread s) {
    if (replaying && s.timed) {
      arrive(s);
    }
    return await(s);
  }

  private static void wake(SchedThread t) {
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
  private boolean await(SchedThread t) {
    boolean interrupted = false;
    while (true) {
      Object gate = t.gate;
      boolean timeUp = false;
      synchronized (gate) {
        if (running == t || !enabled) {
          break;
        }
        long millis = 0;
        if (!replaying && t.timed && !t.arrived) {
          long left = t.deadline - System.nanoTime();
          timeUp = left <= 0;
          millis = Math.max(1, (left + 999_999) / 1_000_000);
        }
        if (!timeUp) {
          try {
            gate.wait(millis);
          } catch (InterruptedException e) {
            interrupted = true;
          }
          continue;
        }
      }
      arrive(t);
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return interrupted;
  }

  /** Stops scheduling for good (the recording stopped): every waiting thread runs free. */
  public void disable() {
    enabled = false;
    running = null;
    List<SchedThread> all;
    synchronized (lock) {
      all = new ArrayList<>(shadow.live());
    }
    for (SchedThread t : all) {
      wake(t);
    }
  }

  /** Runs {@code action} under the scheduler's lock: no thread is let in or resumes meanwhile. */
  public void quiesced(Runnable action) {
    synchronized (lock) {
      action.run();
    }
  }
}
