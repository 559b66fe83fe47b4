package ttd.debug.target;

/**
 * A point in a replay: (event index, tick), as DESIGN.md defines it. The event index is the last
 * recorded event the replay consumed ({@code ttd.runtime.ReplayPosition}). Until the scheduler
 * publishes its tick counter, the tick is the ordinal of the console's stop since that event,
 * which is the same in every replay of the same history (tick 0 is the event boundary itself).
 */
public record Position(long event, long tick, boolean end) {

  public static final Position START = new Position(-1, 0, false);

  /** How the console prints it, e.g. {@code 57.2}; {@code end} after the program ended. */
  public String label() {
    return end ? "end" : event + "." + tick;
  }

  /** Whether this point comes before {@code other} in the same history. */
  public boolean before(Position other) {
    if (end != other.end) {
      return other.end;
    }
    return event != other.event ? event < other.event : tick < other.tick;
  }
}
