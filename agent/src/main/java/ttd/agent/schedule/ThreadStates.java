package ttd.agent.schedule;

/**
 * A scheduled thread's {@link Thread.State} derived from the scheduler's model. The real state of
 * a thread the scheduler runs depends on timing (it may still be on its way into the scheduler's
 * wait, or finishing after it ended in the model), so the program is shown the model's.
 */
final class ThreadStates {

  private ThreadStates() {}

  /** The state {@code t} is in, or null where the model cannot tell (outside the scheduler, {@link SchedThread#shown}). */
  static Thread.State of(SchedThread t) {
    switch (t.state) {
      case RUNNABLE:
        return Thread.State.RUNNABLE;
      case MONITOR:
        return Thread.State.BLOCKED;
      case WAIT:
      case PARK:
      case JOIN:
        return t.timed ? Thread.State.TIMED_WAITING : Thread.State.WAITING;
      case DONE:
        return Thread.State.TERMINATED;
      case EXTERNAL:
        return t.shown;
      default:
        return null;
    }
  }
}
