package ttd.agent.session;

/**
 * Describes the inputs the agent cannot replay yet, for the report. (Which files are the
 * program's inputs is {@link ProgramInputs}'.)
 */
final class UncapturedInputs {

  private UncapturedInputs() {}

  /** A one-line description of a source no hook names yet. */
  static String describe(int source) {
    return "takes an input of unknown source " + source;
  }
}
