package ttd.agent.schedule;

import java.util.Arrays;
import ttd.agent.value.ThreadInfos;
import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

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
 * <p>The hand-over itself (decisions, waiting for the baton, letting threads back in) is {@link
 * Baton}'s.
 */
public final class Scheduler {

  private final Baton baton;
  private final Object lock;
  private final ShadowState shadow;
  private final boolean replaying;
  private final Parking parking;
  private final ModelWaits waits;
  private long waitOrders;
  /** The thread running the JVM's shutdown sequence (it holds the JDK's shutdown lock), or null. */
  private SchedThread shutdownRunner;

  public Scheduler(ScheduleLog log, SchedulePolicy policy) {
    this.baton = new Baton(log, policy);
    this.parking = new Parking(baton, log);
    this.lock = baton.lock;
    this.shadow = baton.shadow;
    this.replaying = log.replaying();
    this.waits = new ModelWaits(lock, shadow, baton);
  }

  /** What thread infos show of the threads waiting in the scheduler, and their deadlocks. */
  public ThreadInfos.Model waits() {
    return waits;
  }

  /** The thread holding the baton, or null (idle, or scheduling off). */
  public SchedThread running() {
    return baton.running();
  }

  /** The thread waiting for the baton that watches its holder ({@link BatonWait}), or null. */
  SchedThread watcher() {
    return baton.watcher();
  }

  public boolean enabled() {
    return baton.enabled;
  }

  /** Whether {@code t} holds the baton: only then do its schedule points go through here. */
  public boolean runs(SchedThread t) {
    return baton.enabled && baton.running() == t;
  }

  /** The main thread, which holds the baton from the start. */
  public void adoptMain(SchedThread main) {
    synchronized (lock) {
      shadow.add(main);
      baton.runs(main);
      baton.startSlice(main);
      if (replaying) {
        ReplayPosition.running = main;
        main.ticksAtEvent = main.ticks;
        ReplayPosition.scheduling = true;
      }
    }
  }

  /** A thread the running thread is starting: runnable, it waits for the baton when it begins. */
  public void started(SchedThread child) {
    synchronized (lock) {
      shadow.add(child);
    }
  }

  /**
   * A thread from outside the program becomes one of its threads (the thread that begins the JVM's
   * shutdown, see {@code ttd.agent.session.Threads.onShutdown}): it comes in as a thread back from
   * a blocking call does, let in by the running thread or resuming an idle program, and returns
   * holding the baton.
   */
  public void adopt(SchedThread s) {
    s.adoptedAt = System.nanoTime();
    synchronized (lock) {
      shadow.set(s, SchedThread.State.EXTERNAL);
      shadow.add(s);
      lock.notifyAll(); // a replaying thread may be waiting to let it in (Arrivals.admit)
    }
    blockingEnd(s);
  }

  /** Replay: the recording adopted a thread with this ordinal ({@link #adopt}); -1 for none. */
  public void expectAdopted(int ordinal) {
    baton.adoptedOrdinal = ordinal;
  }

  /**
   * The JDK's shutdown lock in the model: the first thread to begin the shutdown runs it (true);
   * any other would wait on that lock forever, so it must leave the scheduler (false).
   */
  public boolean beginShutdown(SchedThread s) {
    synchronized (lock) {
      if (shutdownRunner == null) {
        shutdownRunner = s;
      }
      return shutdownRunner == s;
    }
  }

  /** The child's first instruction: wait until the scheduler hands it the baton. */
  public void begin(SchedThread child) {
    baton.await(child);
  }

  // ---- ticks and optional switches ----

  /** The slow path of a tick point, when the thread's ticks reached its {@code switchAt}. */
  public void tick(SchedThread s) {
    baton.pointOfChoice(s, false);
  }

  /**
   * {@code s} kept the baton through a call that could not block ({@code selectNow} in a poll
   * loop): it offers its turn at its next tick (record; the log holds the switch for the replay).
   */
  public void endSlice(SchedThread s) {
    baton.endSlice(s);
  }

  /** {@code Thread.yield()} and {@code Thread.onSpinWait()}: a tick that prefers another thread. */
  public void yield(SchedThread s) {
    s.ticks++;
    baton.pointOfChoice(s, true);
  }

  // ---- the operations ----

  /** Takes a free (or own) monitor in the model; false if another thread holds it. */
  private boolean tryMonitorEnter(SchedThread s, Object monitor) {
    if (s.enterFast(monitor)) {
      return true;
    }
    SchedThread holder = shadow.holderOf(monitor);
    if (holder == null || holder == s) {
      s.acquire(monitor);
      return true;
    }
    return false;
  }

  /**
   * Before a real {@code monitorenter} the fast path ({@link SchedThread#enterFast}) did not take:
   * waits (in the model) until the monitor is free.
   */
  public void monitorEnter(SchedThread s, Object monitor) {
    if (tryMonitorEnter(s, monitor)) {
      return;
    }
    SchedThread next;
    synchronized (lock) {
      shadow.set(s, SchedThread.State.MONITOR);
      s.want = monitor;
      next = baton.handOff(s);
    }
    baton.afterHandOff(s, next);
    baton.await(s);
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
      shadow.set(s, SchedThread.State.WAIT);
      s.waitingOn = monitor;
      s.waitOrder = ++waitOrders;
      baton.timed(s, timeoutNanos);
      s.gate = monitor;
      next = baton.handOff(s);
    }
    baton.afterHandOff(s, next);
    boolean interrupted = baton.awaitTimed(s);
    reacquire(s);
    return interrupted;
  }

  private void reacquire(SchedThread s) {
    synchronized (lock) {
      if (s.want != null) {
        s.acquire(s.want);
      }
      s.want = null;
      shadow.set(s, SchedThread.State.RUNNABLE);
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
    parking.park(s, timeoutNanos);
  }

  /** An unpark of a scheduled thread by a thread the scheduler does not run ({@link Parking}). */
  public void unparkFromOutside(Thread target) {
    parking.unparkFromOutside(target);
  }

  /** {@code Unsafe.unpark}; false if the target is not a scheduled thread. */
  public boolean unpark(SchedThread s, Thread target) {
    return parking.unpark(target);
  }

  /** Whether {@code target} is a scheduled thread that has not ended: a join of it waits in the model. */
  public boolean runsAlive(Thread target) {
    synchronized (lock) {
      SchedThread t = shadow.byThread(target);
      return t != null && t.state != SchedThread.State.DONE;
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
      shadow.set(s, SchedThread.State.JOIN);
      s.joining = t;
      baton.timed(s, timeoutNanos);
      next = baton.handOff(s);
    }
    baton.afterHandOff(s, next);
    baton.awaitTimed(s);
    synchronized (lock) {
      s.joining = null;
      return t.state == SchedThread.State.DONE;
    }
  }

  /**
   * Before a real {@code Thread.interrupt}: a waiting, parked or joining target wakes up. A target
   * that has not ended keeps the interrupt in the model ({@link SchedThread#interruptHeld}) until
   * it runs again, so that {@code isInterrupted()} answers the same in record and replay. One
   * outside the scheduler (a sleep, real I/O) also meets the real interrupt there, as without ttd,
   * and may consume it at once while recording, long before it is let back in; a replayed sleep
   * has ended already.
   */
  public void interrupt(SchedThread s, Thread target) {
    synchronized (lock) {
      SchedThread t = shadow.byThread(target);
      if (t != null && t != s) {
        if (t.state != SchedThread.State.DONE) {
          t.interruptHeld = true;
        }
        shadow.wake(t);
      }
    }
  }

  /**
   * Whether {@code target} is a scheduled thread interrupted while it waits for the baton: its
   * real interrupt status may have been consumed by that wait, and it sets it back when it runs.
   */
  public boolean interruptHeld(Thread target) {
    if (target == Thread.currentThread()) {
      return false;
    }
    synchronized (lock) {
      SchedThread t = shadow.byThread(target);
      return t != null && t.interruptHeld;
    }
  }

  /**
   * What {@code Thread.getState()} of {@code target} is in the model, so that the program sees
   * the same in record and replay: a thread that ended in the model is {@code TERMINATED} even
   * while its real thread is still finishing, a thread waiting for the baton is {@code RUNNABLE},
   * one outside the scheduler what it left for ({@link SchedThread#shown}). Null where the model
   * does not know (a thread it does not run): then the real state is what there is.
   */
  public Thread.State stateOf(Thread target) {
    synchronized (lock) {
      SchedThread t = shadow.byThread(target);
      if (t == null) {
        return shadow.finishingThread(target) != null ? Thread.State.TERMINATED : null;
      }
      return ThreadStates.of(t);
    }
  }

  /**
   * {@code all} without the threads that ended in the model while their real threads may still be
   * finishing (the same array if there are none).
   */
  public Thread[] withoutEnded(Thread[] all) {
    synchronized (lock) {
      int kept = 0;
      Thread[] out = new Thread[all.length];
      for (Thread t : all) {
        if (t == null || shadow.finishingThread(t) == null) {
          out[kept++] = t;
        }
      }
      return kept == all.length ? all : Arrays.copyOf(out, kept);
    }
  }

  /** The running thread ends: joiners wake, the baton goes on. */
  public void ended(SchedThread s) {
    SchedThread next;
    synchronized (lock) {
      shadow.set(s, SchedThread.State.DONE);
      s.heldCount = 0;
      shadow.ended(s);
      next = baton.handOff(s);
    }
    baton.afterHandOff(s, next);
  }

  // ---- leaving the scheduler: sleeps, real I/O, waits on JDK-held monitors ----

  /**
   * The running thread is about to block outside the scheduler (a sleep, real I/O, a wait on a
   * monitor the model does not know): it gives up the baton. Pair with {@link #blockingEnd}.
   *
   * @param gate what the real thread will wait on for the baton afterwards: null for its own
   *     gate, or the monitor it waits in (so that the real monitor stays free meanwhile)
   * @param shown what {@code Thread.getState()} shows of it meanwhile ({@link SchedThread#shown})
   */
  public void blockingBegin(SchedThread s, Object gate, Thread.State shown) {
    SchedThread next;
    synchronized (lock) {
      shadow.set(s, SchedThread.State.EXTERNAL);
      s.shown = shown;
      s.gate = gate == null ? s.ownGate() : gate;
      next = baton.handOff(s);
    }
    baton.afterHandOff(s, next);
  }

  /**
   * Whether the running thread gives up the baton for a blocking call: in record unless the call
   * cannot block ({@code ready}: a probe found it ready), in replay where the recording did (its
   * log's next event is the hand-over's, at the next tick).
   */
  public boolean leavesFor(SchedThread s, boolean ready) {
    return baton.leavesFor(s, ready);
  }

  /**
   * Whether a wait of the running thread that no other program thread ends (a sleep) gives up the
   * baton: not in a class initialiser or a callback from JDK code, whose
   * monitors the model does not know ({@link PreemptionGuard#mayWaitOutside}). The same in record
   * and replay (it depends on the stack).
   */
  public boolean loneWaitLeaves() {
    return PreemptionGuard.mayWaitOutside();
  }

  /**
   * A {@code Condition.await} that ttd ran for real outside the model, between {@link
   * #blockingBegin} and {@link #blockingEnd}, has returned: the JDK's own park loop inside it took
   * whatever permit an unpark gave the thread meanwhile (the signaller's unlock unparks the waiter),
   * so the model's permit goes too. Left, it made the thread's next park return at once.
   */
  public void permitTakenByRealWait(SchedThread s) {
    synchronized (lock) {
      s.permit = false;
      s.outsidePermit = false;
    }
  }

  /** The thread is back from {@link #blockingBegin}: it waits to be let in and for the baton. */
  public void blockingEnd(SchedThread s) {
    baton.arrive(s);
    baton.await(s);
    synchronized (lock) {
      s.gate = s.ownGate();
    }
  }

  /**
   * The run ends on {@code caller} (null: a thread not scheduled): {@link ExitStop#stopHolder}.
   * Returns whether no other thread holds the baton (so none is appending to its log).
   */
  public boolean stopForExit(SchedThread caller) {
    return baton.exit.stopHolder(caller);
  }

  /** Stops scheduling for good (the recording stopped): every waiting thread runs free. */
  public void disable() {
    baton.disable();
  }

  /** Runs {@code action} under the scheduler's lock: no thread is let in or resumes meanwhile. */
  public void quiesced(Runnable action) {
    baton.quiesced(action);
  }
}
