package ttd.debug.replayvm;

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
 *
 * <p>Several lines can run between two ticks, so (event, tick) alone names where a tick begins,
 * not a stop inside its stretch. A stop's position carries its {@link Place} as well ({@code
 * 57.2@3:402}): a goto runs to the tick, then on in the same thread to that place.
 */
public record Position(long event, long tick, boolean end, Place place) {

  public static final Position START = new Position(-1, 0, false);

  private static final Pattern SYNTAX = Pattern.compile("([0-9]{1,18})(?:\\.([0-9]{1,18})(?:@([0-9]{1,9}):([0-9]{1,9})(?:/([A-Za-z0-9_$<>]{1,200}))?)?)?");

  /**
   * Where a stop is inside its tick's stretch: the stopped thread's frame count and the program's
   * own bytecode offset of its top frame ({@code javap -c}'s, as stop lines print it). The tick
   * names the thread (the one holding the baton); a goto stops where that thread first is at the
   * place in the tick. A location of a method that calls something runs at most once a tick (its
   * entry and every loop back-edge tick). A method that does not tick at its entry (the JDK's, a
   * bridge the compiler generated, one that calls nothing) can run at one depth in one tick after
   * another such method, so its place also names the method ({@code 3:57/runWorker}; null: a
   * method that ticks at its entry): only such a method run twice from one depth in one tick can
   * share a place.
   */
  public record Place(int frames, long bci, String method) {

    /** The place of a stop in a method that ticks at its entry. */
    public Place(int frames, long bci) {
      this(frames, bci, null);
    }

    public String label() {
      return frames + ":" + bci + (method == null ? "" : "/" + method);
    }
  }

  /** A position without a place: where a tick begins (tick 0: the event boundary). */
  public Position(long event, long tick, boolean end) {
    this(event, tick, end, null);
  }

  /** This position with the place {@code p} inside its tick (null: none). */
  public Position at(Place p) {
    return new Position(event, tick, end, p);
  }

  /**
   * How the console prints it, e.g. {@code 57.2}, or {@code 57.2@3:402} with a place; {@code end}
   * after the program ended.
   */
  public String label() {
    return end ? "end" : event + "." + tick + (place == null ? "" : "@" + place.label());
  }

  /**
   * The position {@code text} names, as {@link #label()} prints it ({@code 57.2}: tick 2 after
   * event 57; {@code 57.2@3:402}: the stop in that tick's stretch with 3 frames at bci 402; {@code
   * 57.2@3:57/runWorker}: there in a method {@code runWorker} that does not tick at its entry) or an
   * event alone ({@code 57}: the boundary, tick 0); null if it is not one.
   */
  public static Position parse(String text) {
    Matcher m = SYNTAX.matcher(text);
    if (!m.matches()) {
      return null;
    }
    Place place = m.group(3) == null ? null : new Place(Integer.parseInt(m.group(3)), Long.parseLong(m.group(4)), m.group(5));
    return new Position(Long.parseLong(m.group(1)), m.group(2) == null ? 0 : Long.parseLong(m.group(2)), false, place);
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
