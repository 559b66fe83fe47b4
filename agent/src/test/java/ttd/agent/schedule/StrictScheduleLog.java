package ttd.agent.schedule;

/**
 * A test's schedule log that fails the test on any divergence, deadlock or stuck baton holder, so
 * each test writes only how decisions are written and read.
 */
abstract class StrictScheduleLog implements ScheduleLog {

  @Override
  public void diverged(SchedThread t, String expected, String actual) {
    throw new AssertionError(expected + " / " + actual);
  }

  @Override
  public void deadlocked(SchedThread t, String report) {
    throw new AssertionError(report);
  }

  @Override
  public void stuck(SchedThread watcher, SchedThread holder, String report) {
    throw new AssertionError(report);
  }

  @Override
  public void stalled(SchedThread watcher, String why) {
    throw new AssertionError(why);
  }
}
