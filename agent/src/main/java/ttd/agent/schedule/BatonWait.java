package ttd.agent.schedule;

import ttd.runtime.ReplayPosition;

/**
 * How a thread waits for the baton: on its gate (its own object, or the monitor it waits in, so
 * the real monitor stays free), until it holds the baton or scheduling is off. A recording
 * thread in a timed block arrives by itself when its time is up.
 *
 * <p>One waiting thread at a time, the watcher, wakes every {@link BatonWatch#CHECK_MILLIS} to
 * look at the holder ({@link BatonWatch}), so that a stuck holder is reported instead of hung
 * on; every other waiter sleeps until it is woken (or its own timeout is up). With thousands of
 * threads waiting (virtual threads, each bound to a native thread) a look by each of them cost
 * two wake-ups per thread and second. A waiter takes the role when nobody has it. The watcher,
 * leaving, hands it to the longest-waiting thread on its own gate and wakes that one: only its
 * own gate is safe to take for another thread, since the baton holder taking a program's monitor
 * might block. A thread waiting in a monitor therefore cannot be handed the role: it keeps
 * waking every {@link BatonWatch#CHECK_MILLIS} and takes the role if it is free. So whenever a
 * thread waits for the baton, one watches within that time. The watch's state is the
 * scheduler's, not the watcher's, so "the same holder at the same tick" survives a change of
 * watcher.
 */
final class BatonWait {

  private final Baton baton;
  private final ScheduleLog log;
  private final boolean replaying;
  /** Whether a stuck baton holder was reported ({@link BatonWatch}); once is enough. */
  private volatile boolean stuckReported;
  /**
   * Guards {@link #watcher} and the queue of threads waiting on their own gates ({@link #first},
   * {@link #last}, {@link SchedThread#waitPrev}, {@link SchedThread#waitNext}). Taken inside a
   * gate, never around one. The queue is linked through the threads themselves: no allocation,
   * and no identity hash (a hash set would draw one on the program's thread).
   */
  private final Object roles = new Object();
  /** The waiting thread that watches the holder, or null. Only it touches {@link #watch}. */
  private SchedThread watcher;
  private SchedThread first;
  private SchedThread last;
  private final BatonWatch watch = new BatonWatch();
  /** Replay: whether the run stands still with nobody holding the baton ({@link ReplayStall}). */
  private final ReplayStall stall = new ReplayStall(ReplayStall.STALL_NANOS);
  /** Whether a stalled replay was reported; once is enough. */
  private volatile boolean stallReported;

  BatonWait(Baton baton, ScheduleLog log) {
    this.baton = baton;
    this.log = log;
    this.replaying = log.replaying();
  }

  /** {@link #await} for a thread blocked with a timeout: in replay the log may resume it. */
  boolean awaitTimed(SchedThread s) {
    if (replaying && s.timed) {
      baton.arrive(s);
    }
    return await(s);
  }

  /** Wakes {@code t} where it waits for the baton (its gate). */
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
    boolean waited = false;
    boolean queued = false;
    boolean shutdownWaits = !replaying && t.adoptedAt != 0; // a signal's shutdown, adopted (record)
    try {
      while (true) {
        Object gate = t.gate;
        boolean timeUp = false;
        boolean watching;
        synchronized (gate) {
          if (baton.running() == t || !baton.enabled) {
            break;
          }
          boolean ownGate = gate == t.ownGate();
          synchronized (roles) {
            waited = true;
            if (ownGate && !queued) {
              enqueue(t);
              queued = true;
            }
            if (watcher == null) {
              watcher = t;
            }
            watching = watcher == t;
          }
          long millis = watching || !ownGate || shutdownWaits ? BatonWatch.CHECK_MILLIS : 0;
          if (!replaying && t.timed && !t.arrived) {
            long left = t.deadline - System.nanoTime();
            timeUp = left <= 0;
            long leftMillis = Math.max(1, (left + 999_999) / 1_000_000);
            millis = millis == 0 ? leftMillis : Math.min(millis, leftMillis);
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
          baton.arrive(t);
          continue;
        }
        SchedThread r = baton.running();
        if (shutdownWaits && r != null && r != t && !stuckReported) {
          String report = BatonWatch.shutdownStarved(t, r, System.nanoTime());
          if (report != null) {
            stuckReported = true;
            log.stuck(t, r, report);
            continue;
          }
        }
        if (watching && r != null && r != t) {
          String report = watch.check(r);
          if (report != null && !stuckReported) {
            stuckReported = true;
            log.stuck(t, r, report);
          }
        }
        if (watching && replaying && !stallReported
            && stall.stalled(System.nanoTime(), r == null && !baton.exit.closing(), ReplayPosition.events)) {
          stallReported = true;
          log.stalled(t, baton.stallWhy(stall.seconds()));
        }
      }
    } finally {
      if (waited) {
        leave(t, queued);
      }
    }
    if (t.interruptHeld) {
      interrupted = true;
      t.interruptHeld = false;
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return interrupted;
  }

  /**
   * {@code t} stops waiting: out of the queue, and if it watched, the longest-waiting thread on
   * its own gate watches now (woken to take up the role).
   */
  private void leave(SchedThread t, boolean queued) {
    SchedThread next = null;
    synchronized (roles) {
      if (queued) {
        unlink(t);
      }
      if (watcher == t) {
        watcher = first;
        next = first;
      }
    }
    if (next != null) {
      Object gate = next.ownGate();
      synchronized (gate) {
        gate.notifyAll();
      }
    }
  }

  /** The thread that watches the holder now, or null (tests). */
  SchedThread watcher() {
    synchronized (roles) {
      return watcher;
    }
  }

  private void enqueue(SchedThread t) {
    t.waitPrev = last;
    t.waitNext = null;
    if (last == null) {
      first = t;
    } else {
      last.waitNext = t;
    }
    last = t;
  }

  private void unlink(SchedThread t) {
    if (t.waitPrev == null) {
      first = t.waitNext;
    } else {
      t.waitPrev.waitNext = t.waitNext;
    }
    if (t.waitNext == null) {
      last = t.waitPrev;
    } else {
      t.waitNext.waitPrev = t.waitPrev;
    }
    t.waitPrev = null;
    t.waitNext = null;
  }
}
