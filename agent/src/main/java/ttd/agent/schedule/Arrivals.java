package ttd.agent.schedule;

import ttd.log.EventKind;

/**
 * Letting threads back in: a thread back from a timed wait, a sleep or real I/O is let in by the
 * running thread at its next schedule point ({@link EventKind#SCHED_ADMIT}, keyed by the running
 * thread's tick), or, if nobody runs, takes the baton itself ({@link EventKind#SCHED_RESUME},
 * keyed by the idle period). Replay follows the log. Callers hold the {@link Baton}'s lock where
 * a method says so.
 */
final class Arrivals {

  private final Baton baton;
  private final ScheduleLog log;
  private final Object lock;
  private final ShadowState shadow;
  private final boolean replaying;
  private long idlePeriods;
  /** How long a replay waits for the thread that began the recorded JVM's shutdown to come. */
  private static final long ADOPTION_WAIT_NANOS = 30_000_000_000L;

  Arrivals(Baton baton, ScheduleLog log) {
    this.baton = baton;
    this.log = log;
    this.lock = baton.lock;
    this.shadow = baton.shadow;
    this.replaying = log.replaying();
  }

  /** Back from a timed or external wait: let in by the running thread, or resume an idle run. */
  void arrive(SchedThread s) {
    SchedThread next = null;
    boolean resumed = false;
    if (replaying) {
      Decision d = s.next;
      if (log.peek(s, d) && d.kind == EventKind.SCHED_RESUME) {
        log.consume(s);
        synchronized (lock) {
          s.resumeAtIdle = d.value;
          if (baton.running() == null && idlePeriods == d.value) {
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
        if (baton.running() == null && baton.enabled && !baton.exit.closing()) {
          log.write(s, EventKind.SCHED_RESUME, s.ordinal, idlePeriods);
          resumed = true;
          next = resumeIdle(s);
        } else {
          shadow.arrive(s);
          SchedThread r = baton.running();
          if (r != null) {
            r.switchAt = 0;
          }
        }
      }
    }
    if (resumed && next != s) {
      baton.afterHandOff(s, next);
    }
  }

  /** Under the lock, idle: {@code s} resumes (its timeout applies); returns who runs now. */
  private SchedThread resumeIdle(SchedThread s) {
    s.resumeAtIdle = -1;
    shadow.timeOut(s);
    boolean runs = shadow.eligible(s);
    baton.passTo(runs ? s : null); // in replay the logged resume counts, whoever runs
    return runs ? s : idle();
  }

  /** Under the lock: how many idle periods the run has had. */
  long idlePeriods() {
    return idlePeriods;
  }

  /** Under the lock: nobody runs. A new idle period starts; replay resumes whom the log says. */
  SchedThread idle() {
    idlePeriods++;
    if (replaying) {
      SchedThread r = shadow.resumingAt(idlePeriods);
      if (r != null) {
        return resumeIdle(r);
      }
    }
    return null;
  }

  /**
   * Replay, under the lock: the running thread lets in the thread the recording adopted from
   * outside the program (the JVM's thread beginning its shutdown), which the replay's JVM starts
   * when it starts: by then the program's non-daemon threads have ended in the model, as in the
   * recording, but their real threads may still be finishing. Waits for it, boundedly.
   *
   * <p>The running thread is a program thread, and its interrupt status is the program's: a pool
   * worker cancelled with {@code cancel(true)} may carry it into the schedule point where it lets
   * the thread in (recording, where nothing waits, never looked at it). So an interrupt does not
   * end the wait; the status is put back for the program afterwards, as it was.
   */
  private SchedThread awaitAdopted(int ordinal) {
    long deadline = System.nanoTime() + ADOPTION_WAIT_NANOS;
    QuietWait wait = new QuietWait();
    try {
      SchedThread t;
      while ((t = shadow.byOrdinal(ordinal)) == null) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return null;
        }
        wait.on(lock, Math.max(1, left / 1_000_000));
      }
      return t;
    } finally {
      wait.done();
    }
  }

  /** Under the lock: the running thread lets in every thread that came back (record). */
  void admitArrivals(SchedThread s) {
    for (SchedThread t : shadow.arrived()) {
      t.arrived = false;
      if (shadow.timeOut(t)) {
        log.write(s, EventKind.SCHED_ADMIT, t.ordinal, s.ticks);
        baton.admitted(t);
      }
    }
  }

  void admit(SchedThread s, int ordinal) {
    SchedThread t = shadow.byOrdinal(ordinal);
    if (t == null && ordinal == baton.adoptedOrdinal) {
      t = awaitAdopted(ordinal);
    }
    if (t == null || !shadow.timeOut(t)) {
      log.diverged(s, "thread #" + ordinal + " let back in", "it is not waiting");
    }
  }
}
