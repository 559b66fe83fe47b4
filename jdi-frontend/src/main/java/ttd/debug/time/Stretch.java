package ttd.debug.time;

import java.util.List;
import ttd.debug.target.Position;

/**
 * Where the console's replay was while one motion ran: motion {@code m}, which followed {@code
 * prefix}, ran from {@code fromNanos} of replay (at {@code from}) to {@code toNanos} (at {@code
 * to}), and {@code samples} are (nanos, event, tick) triples taken meanwhile. The {@link Ladder}
 * places rungs from them after the motion, and again below a later landing inside the motion.
 */
record Stretch(List<Motion> prefix, Motion m, List<long[]> samples, long fromNanos, Position from, long toNanos, Position to) {

  /** The position of sample {@code s}. */
  static Position at(long[] s) {
    return new Position(s[1], s[2], false);
  }

  /** Whether {@code p} lies in this stretch: after where it started, not after where it ended. */
  boolean holds(Position p) {
    return from.before(p) && !to.before(p);
  }

  /** How far into the replay this stretch reached {@code p} (the last sample not after it). */
  long nanosAt(Position p) {
    long nanos = fromNanos;
    for (long[] s : samples) {
      if (!p.before(at(s))) {
        nanos = s[0];
      }
    }
    return nanos;
  }

  /** The rung at sample {@code s}. */
  Rung rung(long[] s) {
    return new Rung(prefix, m, s[1], s[2], s[0]);
  }
}
