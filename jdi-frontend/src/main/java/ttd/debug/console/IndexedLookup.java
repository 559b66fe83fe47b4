package ttd.debug.console;

import com.sun.jdi.event.LocatableEvent;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Spec;
import ttd.debug.target.Position;
import ttd.debug.time.HitIndex;
import ttd.debug.time.Rung;

/**
 * A reverse-continue's first pass answered from the {@link HitIndex} instead of a replay: the
 * last hit before the current position, and how to land on it: from the nearest rung of the
 * ladder at or before its event, a pause at that event (at full speed, no requests set: a field
 * watch would make HotSpot interpret the program), then the hit's number among its observer's hits
 * in that event. Hits are known by the last event
 * consumed before them, so a hit in the same event as the current position is before it only if
 * it is the current stop itself; anything less certain is left to the scan.
 */
final class IndexedLookup {

  /**
   * The hit to land on, a hit of the user's {@code spec}: from {@code from} (null: the start), a
   * pause at event {@code pause} (-1: none), then the {@code ordinal}-th of {@code observer}'s hits.
   */
  record Found(Rung from, long pause, Spec spec, Spec observer, long ordinal) {}

  /** No hit at all before the current position. */
  static final Found NOTHING = new Found(null, -1, null, null, 0);

  private final Session s;

  IndexedLookup(Session s) {
    this.s = s;
  }

  /**
   * The hit, {@link #NOTHING}, or null when the index cannot tell (not built, or ambiguous). With
   * {@code now}, specs not indexed yet are indexed first (the caller waits).
   */
  Found find(boolean now) {
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
    if (now) {
      s.index.want(s.specs);
    }
    Spec best = null;
    HitIndex.Hits bestHits = null;
    int bestCount = 0;
    boolean tie = false;
    for (Spec spec : s.specs) {
      HitIndex.Hits hits = !HitIndex.indexable(spec) ? null : now ? s.index.hitsNow(spec) : s.index.hits(spec);
      if (hits == null) {
        return null;
      }
      int before = hits.counted().length;
      if (!ended) {
        before = 0;
        int same = 0;
        for (int i : hits.counted()) {
          long e = hits.all()[i];
          before += e < p.event() ? 1 : 0;
          same += e == p.event() ? 1 : 0;
        }
        if (same > 1 || (same == 1 && !atStop.contains(spec))) {
          return null;
        }
      }
      if (before == 0) {
        continue;
      }
      if (best == null || last(hits, before) > last(bestHits, bestCount)) {
        best = spec;
        bestHits = hits;
        bestCount = before;
        tie = false;
      } else if (last(hits, before) == last(bestHits, bestCount)) {
        boolean sameHit = HitIndex.observer(spec).equals(HitIndex.observer(best))
            && hits.counted()[before - 1] == bestHits.counted()[bestCount - 1];
        tie |= !sameHit;
        if (sameHit && spec instanceof FieldWatch && ((FieldWatch) spec).binding() != null) {
          best = spec; // the same write, seen by a class-wide watch too: land as the watch on the object
          bestHits = hits;
          bestCount = before;
        }
      }
    }
    if (tie) {
      return null;
    }
    if (best == null) {
      return NOTHING;
    }
    long event = last(bestHits, bestCount);
    int target = bestHits.counted()[bestCount - 1];
    int passed = 0;
    while (bestHits.all()[passed] < event) {
      passed++;
    }
    Rung from = null;
    for (Rung r : s.ladder.on(s.history())) {
      if (r.event() <= event) {
        from = r;
        break;
      }
    }
    boolean pause = event > (from == null ? -1 : from.event());
    return new Found(from, pause ? event : -1, best, HitIndex.observer(best), target + 1 - passed);
  }

  /** The event before the {@code count}-th counted hit. */
  private static long last(HitIndex.Hits hits, int count) {
    return hits.all()[hits.counted()[count - 1]];
  }
}
