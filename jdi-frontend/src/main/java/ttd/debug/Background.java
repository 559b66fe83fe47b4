package ttd.debug;

/**
 * Whether the console works ahead in the background by default (the checkpoint ladder, the index
 * of hits): on a terminal, where the user reads between commands, yes; in batch mode, where the
 * next command follows at once and the background replays would only compete with it for the
 * CPU, no. {@code -Dttd.debug.rungSpacingMs} and {@code -Dttd.debug.hitIndex} choose either way.
 */
public final class Background {

  /** True when the console runs on a terminal. */
  public static final boolean ON = System.console() != null;

  private Background() {}
}
