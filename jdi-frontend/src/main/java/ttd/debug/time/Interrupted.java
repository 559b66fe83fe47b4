package ttd.debug.time;

/**
 * Thrown out of a silent replay of a history when Ctrl-C stopped it: the replay is at no point
 * of the history, so whoever started it drops that JVM and stays where it was.
 */
public final class Interrupted extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public Interrupted() {
    super("interrupted", null, false, false);
  }
}
