package ttd.agent.schedule;

import ttd.log.EventKind;

/**
 * Where the scheduler's decisions go (record) or come from (replay): the deciding thread's own
 * log. Implemented by the sessions, which own the threads' encoders and cursors.
 */
public interface ScheduleLog {

  boolean replaying();

  /** Record: appends a decision to the thread's log; {@code thread} is an ordinal or -1. */
  void write(SchedThread t, EventKind kind, int thread, long value);

  /**
   * Replay: fills {@code into} with the thread's next event if it is a scheduling event and
   * returns true, without consuming it; false if the next event is anything else or none.
   */
  boolean peek(SchedThread t, Decision into);

  /** Replay: consumes the event {@link #peek} returned. */
  void consume(SchedThread t);

  /** Replay: stops with a divergence report. Never returns. */
  void diverged(SchedThread t, String expected, String actual);

  /** Every live thread is blocked for good: report and end the run. Never returns. */
  void deadlocked(SchedThread t, String report);

  /**
   * The baton holder {@code holder} is stuck in a real primitive the model does not know ({@link
   * BatonWatch}); {@code watcher} noticed. Record: keep every thread's events so far, then stop
   * recording and scheduling (the program goes on); replay: report and end the run.
   */
  void stuck(SchedThread watcher, SchedThread holder, String report);

  /**
   * Replay: the run stands still, nobody holds the baton and threads wait for it ({@link
   * ReplayStall}); {@code why} says for how long and at which idle period. Report and end the run.
   */
  void stalled(SchedThread watcher, String why);
}
