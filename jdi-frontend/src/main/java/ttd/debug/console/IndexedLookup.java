package ttd.debug.console;

import com.sun.jdi.event.LocatableEvent;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import ttd.debug.requests.Spec;
import ttd.debug.target.Position;
import ttd.debug.time.HitIndex;
import ttd.debug.time.HitPositions;
import ttd.debug.time.Rung;

/**
 * A reverse-continue's first pass answered from the {@link HitIndex} instead of a replay: the
 * last hit before the current position, and the nearest rung of the ladder before it with the
 * hit's number counted from there. Hits are known by their position (event, tick), so a hit at
 * the current stop's position is before it only if it is the current stop itself, and a rung
 * between events lies before the hits at its tick or later; anything less certain is left to the
 * scan ({@link HitPositions}).
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
    boolean ended = s.ended();
    Position p = ended ? null : s.driver().target().observedAt();
    if (p != null && p.tick() >= 0) {
      p = s.position(); // the tick at the stop (code run for an evaluation since may have ticked)
    }
    Set<Spec> atStop = new HashSet<>();
    if (!ended) {
      for (LocatableEvent e : s.stop().events()) {
        if (e.request() != null && e.request().getProperty(Spec.class) != null) {
          atStop.add((Spec) e.request().getProperty(Spec.class));
        }
      }
    }
    Spec best = null;
    Position[] bestHits = null;
    int bestCount = 0;
    boolean tie = false;
    for (Spec o : observers) {
      Position[] hits = HitIndex.indexable(o) ? s.index.hits(o) : null;
      if (hits == null) {
        return null;
      }
      int before = ended ? hits.length : HitPositions.before(hits, p, atStop.contains(o));
      if (before < 0) {
        return null;
      }
      if (before == 0) {
        continue;
      }
      int o2 = best == null ? 1 : HitPositions.order(hits[before - 1], bestHits[bestCount - 1]);
      if (o2 > 0) {
        best = o;
        bestHits = hits;
        bestCount = before;
        tie = false;
      } else if (o2 == 0) {
        tie = true;
      }
    }
    if (tie) {
      return null;
    }
    if (best == null) {
      return NOTHING;
    }
    for (Rung r : s.ladder.on(s.history())) {
      int passed = HitPositions.passed(bestHits, bestCount, r.position());
      if (passed >= 0) {
        return new Found(r, best, bestCount - passed);
      }
    }
    return new Found(null, best, bestCount);
  }
}
