package ttd.agent.schedule;

/**
 * How a thread waits for the baton: on its gate (its own object, or the monitor it waits in, so
 * the real monitor stays free), until it holds the baton or scheduling is off. A recording
 * thread in a timed block arrives by itself when its time is up; while it waits it watches the
 * holder ({@link BatonWatch}) so that a stuck holder is reported instead of hung on.
 */
final class BatonWait {

  private final Baton baton;
  private final ScheduleLog log;
  private final boolean replaying;
  /** Whether a stuck baton holder was reported ({@link BatonWatch}); once is enough. */
  private volatile boolean stuckReported;

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
    BatonWatch watch = null;
    while (true) {
      Object gate = t.gate;
      boolean timeUp = false;
      synchronized (gate) {
        if (baton.running() == t || !baton.enabled) {
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
        baton.arrive(t);
        continue;
      }
      SchedThread r = baton.running();
      if (r != null && r != t) {
        watch = watch == null ? new BatonWatch() : watch;
        String report = watch.check(r);
        if (report != null && !stuckReported) {
          stuckReported = true;
          log.stuck(t, r, report);
        }
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
}
