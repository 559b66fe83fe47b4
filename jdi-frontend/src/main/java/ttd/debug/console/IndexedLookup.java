package ttd.debug.console;

import com.sun.jdi.event.LocatableEvent;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import ttd.debug.requests.Spec;
import ttd.debug.target.Position;
import ttd.debug.time.HitIndex;
import ttd.debug.time.Rung;

/**
 * A reverse-continue's first pass answered from the {@link HitIndex} instead of a replay: the
 * last hit before the current position, and the nearest rung of the ladder before it with the
 * hit's number counted from there. Hits are known by the last event consumed before them, so a
 * hit in the same event as the current position is before it only if it is the current stop
 * itself; anything less certain is left to the scan.
 */
final class IndexedLookup {

  /** The hit to land on: the {@code ordinal}-th of {@code spec}'s hits after {@code from} (null: the start). */
  record Found(Rung from, Spec spec, long ordinal) {}

  /** No hit at all before the current position. */
  static final Found NOTHING = new Found(null, null, 0);

  private final Session s;

  IndexedLookup(Session s) {
    this.s = s;
  }

  /** The hit, {@link #NOTHING}, or null when the index cannot tell (not built, or ambiguous). */
  Found find(List<Spec> observers) {
    Position p = s.position();
    boolean ended = s.ended();
    Set<Spec> atStop = new HashSet<>();
    if (!ended) {
      for (LocatableEvent e : s.stop().events()) {
        if (e.request() != null && e.request().getProperty(Spec.class) != null) {
          atStop.add((Spec) e.request().getProperty(Spec.class));
        }
      }
    }
    Spec best = null;
    long[] bestHits = null;
    int bestCount = 0;
    boolean tie = false;
    for (Spec o : observers) {
      long[] hits = HitIndex.indexable(o) ? s.index.hits(o) : null;
      if (hits == null) {
        return null;
      }
      int before = hits.length;
      if (!ended) {
        before = 0;
        int same = 0;
        for (long e : hits) {
          before += e < p.event() ? 1 : 0;
          same += e == p.event() ? 1 : 0;
        }
        if (same > 1 || (same == 1 && !atStop.contains(o))) {
          return null;
        }
      }
      if (before == 0) {
        continue;
      }
      if (best == null || hits[before - 1] > bestHits[bestCount - 1]) {
        best = o;
        bestHits = hits;
        bestCount = before;
        tie = false;
      } else if (hits[before - 1] == bestHits[bestCount - 1]) {
        tie = true;
      }
    }
    if (tie) {
      return null;
    }
    if (best == null) {
      return NOTHING;
    }
    long event = bestHits[bestCount - 1];
    for (Rung r : s.ladder.on(s.history())) {
      if (r.event() <= event) {
        int passed = 0;
        while (bestHits[passed] < r.event()) {
          passed++;
        }
        return new Found(r, best, bestCount - passed);
      }
    }
    return new Found(null, best, bestCount);
  }
}
