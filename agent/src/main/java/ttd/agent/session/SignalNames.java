package ttd.agent.session;

/**
 * How reports and the recording's header name a signal that ended the program: record, replay and
 * the replay's own signal handlers must name it alike.
 */
public final class SignalNames {

  private SignalNames() {}

  /** {@code SIGTERM} for 15: the names of the signals the JVM's own handler handles. */
  public static String of(int number) {
    switch (number) {
      case 1:
        return "SIGHUP";
      case 2:
        return "SIGINT";
      case 15:
        return "SIGTERM";
      default:
        return "signal " + number;
    }
  }
}
