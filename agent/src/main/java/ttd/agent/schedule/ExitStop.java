package ttd.agent.schedule;

import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

/**
 * The end of a run while another thread holds the baton: that thread is stopped at a schedule
 * point before the recording's last blocks are written, so its log ends where it really stopped.
 *
 * <p>The thread that finishes the recording (the JVM's exit: the thread that called {@code
 * System.exit}, or the JVM's own after the last non-daemon thread ended) is often not the baton
 * holder: a daemon that got the baton when main ended, or a thread that was running when another
 * one, outside the scheduler, called {@code System.exit}. The holder may be appending to its
 * block, so its block could not be written, and what it did since its last flush was lost; its
 * replay then ran on to wherever the replay JVM's exit caught it, and printed a different
 * amount. Now the finishing thread asks the holder to stop at its next tick it may be preempted
 * at ({@link PreemptionGuard}); there the holder logs a switch to no thread and gives the baton
 * up for good. Replay reads that decision and stops the thread at the same tick, and the
 * replay's end waits for it (ttd.agent.replay.RecordedEnd). Both waits are bounded: a holder
 * that reaches no tick (a long JDK call) is left as before, never hung on.
 *
 * <p>While the run closes no thread takes the baton again (a returning thread would write to
 * its block while it is being flushed): a blocking holder hands it to nobody, and arrivals wait.
 */
final class ExitStop {

  /**
   * How long a recording's end waits for the holder to reach a tick; one that does not (a long
   * JDK call) loses what it did since its last flush, as before.
   */
  private static final long TIMEOUT_NANOS = 2_000_000_000L;

  private final Baton baton;
  private final ScheduleLog log;
  private final boolean replaying;
  /** Set once by the finishing thread (record); read by the hand-over paths. */
  private volatile boolean closing;

  ExitStop(Baton baton, ScheduleLog log) {
    this.baton = baton;
    this.log = log;
    this.replaying = log.replaying();
  }

  /** Record: whether the run is closing, so that no thread takes the baton again. */
  boolean closing() {
    return closing && !replaying;
  }

  /** Whether the finishing thread has begun to close the run (record or replay). */
  boolean closed() {
    return closing;
  }

  /**
   * The finishing thread: stops the baton holder (unless it is {@code caller}) and waits for it,
   * at most {@link #TIMEOUT_NANOS}. Record asks the holder to stop at its next tick. Replay only
   * notes that the run closes: the holder's log stops it where the recording did, and the
   * replay's end waits for every thread to get as far as it got then.
   *
   * @return whether no other thread holds the baton now (record)
   */
  boolean stopHolder(SchedThread caller) {
    Object lock = baton.lock;
    long deadline = System.nanoTime() + TIMEOUT_NANOS;
    synchronized (lock) {
      closing = true;
      SchedThread r = baton.running();
      if (replaying || r == null || r == caller) {
        return true;
      }
      r.switchAt = 0; // its next tick takes the slow path, to pointOfChoice
      QuietWait wait = new QuietWait(); // System.exit on an interrupted thread must still stop it
      try {
        while (baton.enabled && baton.running() == r) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            return false;
          }
          wait.on(lock, Math.max(1, Math.min(10, left / 1_000_000)));
        }
        return true;
      } finally {
        wait.done();
      }
    }
  }

  /**
   * Record, the baton holder at a tick while the run closes: logs a switch to no thread and waits
   * for good (the JVM is exiting). If it may not be preempted here it goes on to its next tick.
   */
  void stopAtTick(SchedThread s, boolean mayPreempt) {
    if (!mayPreempt) {
      s.switchAt = s.ticks + 1;
      return;
    }
    synchronized (baton.lock) {
      if (baton.running() != s) {
        return;
      }
      s.prune();
      log.write(s, EventKind.SCHED_SWITCH, -1, s.ticks);
      stopped(s);
    }
    baton.await(s);
  }

  /** Replay: the holder's log stops it here (a switch to no thread at a tick). */
  void replayStop(SchedThread s) {
    synchronized (baton.lock) {
      s.prune();
      s.pastItsRecording = true;
      stopped(s);
      ReplayPosition.handedOver(null);
    }
    baton.await(s);
  }

  private void stopped(SchedThread s) {
    s.switchAt = Long.MAX_VALUE;
    baton.runs(null);
    baton.lock.notifyAll();
  }
}
