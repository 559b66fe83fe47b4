package ttd.agent.replay;

import java.util.concurrent.locks.LockSupport;
import ttd.agent.schedule.SchedThread;
import ttd.agent.schedule.Scheduler;
import ttd.agent.session.ThreadState;

/**
 * The end of a replay waits until every thread has got as far as it got in the recording.
 *
 * <p>A replay's exit does not come at the same point of the other threads' work as the
 * recording's: sleeps return at once, a shutdown hook that slept while a daemon worked does not,
 * the reaper of a child process answers at once. A daemon that held the baton when main ended,
 * or a thread that ran while another one outside the scheduler called {@code System.exit}, had
 * logged some more work (up to the stop the recording's end made it take: {@code ExitStop});
 * without this wait the replay exited wherever that work happened to be and printed less. So
 * the exiting thread waits until each recorded thread has replayed all of its events and the
 * baton is given up (or held by a thread past its log, or by the exiting thread itself), at most
 * a bounded time: a replay that cannot get there ends as before, never hangs.
 */
final class RecordedEnd {

  /** How long the replay's end waits for the threads to get as far as in the recording. */
  private static final long TIMEOUT_NANOS = 10_000_000_000L;

  private RecordedEnd() {}

  /**
   * Waits, at most {@link #TIMEOUT_NANOS}.
   *
   * @param recorded the number of events of each thread's log, by ordinal
   * @param caller the exiting thread's state, or null if the program does not run it
   */
  static void await(
      Iterable<ThreadState> threads, long[] recorded, ThreadState caller, Scheduler scheduler) {
    long deadline = System.nanoTime() + TIMEOUT_NANOS;
    while (!reached(threads, recorded, caller, scheduler) && System.nanoTime() - deadline < 0) {
      LockSupport.parkNanos(2_000_000L);
    }
  }

  private static boolean reached(
      Iterable<ThreadState> threads, long[] recorded, ThreadState caller, Scheduler scheduler) {
    for (int ordinal = 0; ordinal < recorded.length; ordinal++) {
      if (recorded[ordinal] == 0 || caller != null && caller.ordinal() == ordinal) {
        continue;
      }
      ThreadState t = find(threads, ordinal);
      if (t == null || t.index() < recorded[ordinal] && !over(t)) {
        return false;
      }
    }
    SchedThread r = scheduler.running();
    return r == null || r.pastItsRecording || caller != null && r == caller.sched();
  }

  /**
   * Whether every thread the replay has begun has replayed all its recorded events (or ended), and
   * no thread that still may run holds the baton. Threads not begun yet do not count: a recording
   * ended by a signal starts some (shutdown hooks) only after that point.
   */
  static boolean reachedByBegun(Iterable<ThreadState> threads, long[] recorded, Scheduler scheduler) {
    for (ThreadState t : threads) {
      long events = t.ordinal() < recorded.length ? recorded[t.ordinal()] : 0;
      if (t.index() < events && !over(t)) {
        return false;
      }
    }
    SchedThread r = scheduler.running();
    return r == null || r.pastItsRecording;
  }

  /** A thread that has ended gets no further: its divergence is reported by whoever checks it. */
  private static boolean over(ThreadState t) {
    SchedThread s = t.sched();
    return s != null && (s.ended() || !s.thread().isAlive());
  }

  private static ThreadState find(Iterable<ThreadState> threads, int ordinal) {
    for (ThreadState t : threads) {
      if (t.ordinal() == ordinal) {
        return t;
      }
    }
    return null;
  }
}
