package ttd.agent.schedule;

import ttd.log.EventKind;

/**
 * A recording's schedule log that keeps no decision: for tests of what the scheduler does while
 * recording, where what it would write does not matter. Strict otherwise.
 */
class RecordingScheduleLog extends StrictScheduleLog {

  @Override
  public boolean replaying() {
    return false;
  }

  @Override
  public void write(SchedThread t, EventKind kind, int thread, long value) {}

  @Override
  public boolean peek(SchedThread t, Decision into) {
    return false;
  }

  @Override
  public void consume(SchedThread t) {}
}
