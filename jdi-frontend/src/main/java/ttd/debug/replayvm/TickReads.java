package ttd.debug.replayvm;

import java.util.Objects;

/**
 * Pairs a tick read while the replay runs with the event it follows. JDI reads one group of fields
 * per round trip (the statics of {@code ReplayPosition}, or the fields of one thread's clock), and
 * the replay moves on between two round trips, so a tick read alone may belong to another event
 * than the event count read beside it.
 *
 * <p>A sample reads the clock of the baton holder seen at the previous sample first, then (event
 * count, holder). If those are what the previous sample read, no event was counted in between (a
 * hand-over counts as one), so the clock was read inside that event's stretch, with that holder
 * running: the tick belongs to the event. Otherwise the sample is the boundary of the event read,
 * which the replay surely passed. Two round trips a sample; reading (event count, holder) again
 * after the clock, to check, took three. The first sample after a resume reads no clock.
 */
final class TickReads {

  private boolean known;
  private long events;
  private Object holder;

  /** Forgets the previous read: the replay was stopped (code may have run meanwhile). */
  void resumed() {
    known = false;
    holder = null;
  }

  /** The holder whose clock to read first (the one the previous read saw), or null: read none. */
  Object clockToRead() {
    return known ? holder : null;
  }

  /**
   * The sample (event, tick; tick -1 if nobody holds the baton) from {@code events} (the count of
   * consumed events) and {@code holder} read after the clock of {@link #clockToRead()} gave {@code
   * ticks} and {@code ticksAtEvent} ({@code clockRead} false: no clock was read).
   */
  long[] judge(long events, Object holder, boolean clockRead, long ticksAtEvent, long ticks) {
    boolean same = clockRead && known && this.events == events && holder != null && Objects.equals(this.holder, holder);
    known = true;
    this.events = events;
    this.holder = holder;
    long event = events - 1;
    if (holder == null) {
      return new long[] {event, -1};
    }
    long tick = ticks - ticksAtEvent;
    return new long[] {event, same && tick >= 0 ? tick : 0};
  }
}
