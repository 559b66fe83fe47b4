package ttd.debug.time;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import ttd.debug.replayvm.Position;

/**
 * Points a given number of ticks before a position, where a pause stops: what a reverse line step
 * searches from, a few ticks back first, then many times as far each time, so that a line executed
 * just before costs a window of a few ticks, not the whole stretch of events before it. The length
 * of each stretch between two events comes from the replay's note of the last events ({@code
 * ReplayPosition.stretches}); where it is not known, the event boundary serves (every point after
 * it lies in the window). A pause stops at tick 0 (the event boundary) and at ticks 2 up to the
 * last but one of a stretch (tick 1 may follow a park that took a permit, the last a hand-off:
 * both bypass the tick path).
 */
public final class TickWalk {

  private TickWalk() {}

  /**
   * The window starts of a reverse line step before {@code at}, latest first: points {@code
   * first} ticks back, then sixteen times as far each time, up to the start of the recording
   * ({@link Position#START}). {@code stretch} gives an event's stretch length, -1 if not known.
   * {@code at}'s own tick point is left out: the window {@code first} ticks back holds all it
   * holds, and each window costs a JVM from the ladder, whose rungs keep two (a stop at a
   * method's first line, where the tick is the method's entry, would spend one on an empty window
   * and leave the landing waiting for a new JVM). A window costs mostly its replay from a rung and
   * its requests, little more for more ticks, so they grow fast: a reverse-next over a call in
   * Commons CSV had needed three windows of 3, 12 and 48 ticks, and the third waited for JVMs
   * the first two had drained.
   */
  public static List<Position> lineWindows(Position at, LongUnaryOperator stretch, long first) {
    List<Position> l = windows(at, stretch, first, 16);
    return l.subList(1, l.size());
  }

  /**
   * The window starts before {@code at}, latest first: {@code at}'s own tick point, then {@code
   * first} ticks back, then {@code factor} times as far each time (a field's history, whose writes
   * may lie far apart, goes back faster). Past the stretches whose
   * lengths are known, the windows start at event boundaries, twice as many events back each time.
   */
  public static List<Position> windows(Position at, LongUnaryOperator stretch, long first, long factor) {
    List<Position> l = new ArrayList<>();
    l.add(new Position(at.event(), at.tick() == 1 || at.tick() < 0 ? 0 : at.tick(), false));
    for (long d = first; d > 0 && d < Long.MAX_VALUE / (2 * factor); d *= factor) {
      Position p = back(at, d, stretch);
      if (p == null) {
        break;
      }
      if (p.tick() < 0) { // the stretch before event p.event() is not known
        for (long k = 0, e = p.event(); e >= 0; e = p.event() - (1L << k), k++) {
          add(l, new Position(e, 0, false));
        }
        break;
      }
      add(l, p);
    }
    l.add(Position.START);
    return l;
  }

  private static void add(List<Position> l, Position p) {
    if (p.before(l.get(l.size() - 1))) {
      l.add(p);
    }
  }

  /**
   * The pausable point about {@code d} ticks before {@code at}; null before the first event; tick
   * -1 at event E where the length of the stretch before E is not known.
   */
  static Position back(Position at, long d, LongUnaryOperator stretch) {
    long e = at.event();
    long t = Math.max(at.tick(), 0) - d;
    long last = Long.MAX_VALUE;
    while (t < 0) {
      e--;
      if (e < 0) {
        return null;
      }
      long length = stretch.applyAsLong(e);
      if (length < 0) {
        return new Position(e + 1, -1, false);
      }
      last = length;
      t += length + 1;
    }
    if (t >= last) {
      t = last - 1;
    }
    return new Position(e, t < 2 ? 0 : t, false);
  }
}
