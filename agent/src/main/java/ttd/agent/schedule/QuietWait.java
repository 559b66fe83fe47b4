package ttd.agent.schedule;

import ttd.log.ProgramInterrupt;

/**
 * A wait of ttd's own on a program thread that an interrupt must not cut short. The thread's
 * interrupt status is the program's, and the other mode did not wait there or waited for another
 * reason, so a wait that ended at the interrupt made the two runs differ: a replay stopped where a
 * pool worker cancelled by ActiveMQ let the exiting thread in, and a recording whose last thread to
 * block carried an interrupt reported no deadlock while its replay did. The interrupt is noted and
 * put back for the program when the waiting is over ({@link #done}).
 */
public final class QuietWait {

  private boolean interrupted;

  /** {@code monitor.wait(millis)} on a monitor the caller holds; an interrupt ends only this one. */
  public void on(Object monitor, long millis) {
    try {
      monitor.wait(millis);
    } catch (InterruptedException e) {
      interrupted = true;
    }
  }

  /** {@code Thread.sleep(millis)}; an interrupt ends only this one. */
  public void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      interrupted = true;
    }
  }

  /** The waiting is over: the interrupt, if one came, is the thread's again. */
  public void done() {
    ProgramInterrupt.putBack(interrupted);
  }
}
