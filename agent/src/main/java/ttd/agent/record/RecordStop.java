package ttd.agent.record;

import ttd.agent.session.Messages;
import ttd.agent.session.ProgramRun;

/**
 * Stops a recording that cannot go on (the log failed, the scheduler is stuck): the program goes
 * on unrecorded and unscheduled, and the header says the recording is incomplete. The agent never
 * takes the application down.
 */
final class RecordStop {

  private final ProgramRun run;
  private final RecordLog log;
  private final Messages messages;

  RecordStop(ProgramRun run, RecordLog log, Messages messages) {
    this.run = run;
    this.log = log;
    this.messages = messages;
  }

  void fail(Throwable e) {
    stop("recording stopped (" + e + ")");
  }

  /** Stops recording; the program goes on unrecorded and unscheduled. */
  void stop(String why) {
    if (!run.active()) {
      return;
    }
    run.deactivate();
    run.scheduler().disable();
    messages.say(why + "; the program goes on unrecorded and the recording is marked incomplete");
    log.failed(new IllegalStateException(why));
  }
}
