package ttd.debug.target;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A point in a replay: (event index, tick), as DESIGN.md defines it. The event index is the last
 * recorded event the replay consumed ({@code ttd.runtime.ReplayPosition}); the tick is what the
 * scheduler publishes, the ticks the thread holding the baton executed since that event (tick 0 is
 * the event boundary itself). Both are the same in every replay of the recording, so a position
 * names one point of the run wherever the console got there. Where nobody holds the baton (the
 * scheduler off), the tick is the ordinal of the console's stop since that event, and a position
 * read while running is stored with tick -1: not known.
 */
public record Position(long event, long tick, boolean end) {

  public static final Position START = new Position(-1, 0, false);

  private static final Pattern SYNTAX = Pattern.compile("([0-9]{1,18})(?:\\.([0-9]{1,18}))?");

  /** How the console prints it, e.g. {@code 57.2}; {@code end} after the program ended. */
  public String label() {
    return end ? "end" : event + "." + tick;
  }

  /**
   * The position {@code text} names, as {@link #label()} prints it ({@code 57.2}: tick 2 after
   * event 57) or an event alone ({@code 57}: the boundary, tick 0); null if it is not one.
   */
  public static Position parse(String text) {
    Matcher m = SYNTAX.matcher(text);
    if (!m.matches()) {
      return null;
    }
    return new Position(Long.parseLong(m.group(1)), m.group(2) == null ? 0 : Long.parseLong(m.group(2)), false);
  }

  /** Whether this point comes before {@code other} in the same history. */
  public boolean before(Position other) {
    if (end != other.end) {
      return other.end;
    }
    return event != other.event ? event < other.event : tick < other.tick;
  }

  /**
   * Whether a replay paused at this point (the tick point where this tick begins, as a rung of the
   * ladder is) comes before an instruction observed at {@code other}: an earlier event, or the
   * same event at this tick or later. An observed tick of -1 (not known) is surely after only a
   * pause at the event boundary.
   */
  public boolean pausedBefore(Position other) {
    if (end != other.end) {
      return other.end;
    }
    if (event != other.event) {
      return event < other.event;
    }
    return tick == 0 || (other.tick >= 0 && tick <= other.tick);
  }
}
