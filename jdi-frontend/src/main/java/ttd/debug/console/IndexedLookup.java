package ttd.debug.console;

import com.sun.jdi.event.LocatableEvent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import ttd.debug.replayvm.Position;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Spec;
import ttd.debug.time.HitIndex;
import ttd.debug.time.HitPositions;
import ttd.debug.time.Rung;

/**
 * A reverse-continue's first pass answered from the {@link HitIndex} instead of a replay: the
 * last hit before the current position (none for a breakpoint whose methods the index of first
 * entries says first ran after it, or never, indexed or not), and how to land on it: from the nearest rung of the
 * ladder at or before its position, a pause at its event's boundary when the rung lies in an
 * earlier event (at full speed, no requests set: a field watch would make HotSpot interpret the
 * program), then the hit's number among its observer's hits from that point. Hits are known by
 * their position (event, tick), so a hit at the current stop's position is before it only if it
 * is the current stop itself, and a rung inside the hit's event lies before the hits at its tick
 * or later; anything less certain is left to the scan ({@link HitPositions}).
 */
final class IndexedLookup {

  /**
   * The hit to land on, a hit of the user's {@code spec}: from {@code from} (null: the start), a
   * pause at event {@code pause} (-1: none), then the {@code ordinal}-th of {@code observer}'s hits.
   */
  record Found(Rung from, long pause, Spec spec, Spec observer, long ordinal) {}

  /** No hit at all before the current position. */
  static final Found NOTHING = new Found(null, -1, null, null, 0);

  private final ConsoleSession s;
  private final List<Spec> unrun = new ArrayList<>();

  IndexedLookup(ConsoleSession s) {
    this.s = s;
  }

  /**
   * After {@link #find}: the clause that says which breakpoints' code has not run before the
   * current position, by the index of first entries ("" if none): "; the code of breakpoint
   * Orders.audit did not run before this point".
   */
  String unrunNote() {
    if (unrun.isEmpty()) {
      return "";
    }
    List<String> names = new ArrayList<>();
    for (Spec spec : unrun) {
      names.add(spec.describe());
    }
    return "; the code of " + String.join(", ", names) + " did not run before this point";
  }

  /**
   * The hit, {@link #NOTHING}, or null when the index cannot tell (not built, or ambiguous). With
   * {@code now}, specs not indexed yet are indexed first (the caller waits; Ctrl-C ends the wait
   * with {@link ttd.debug.time.Interrupted}).
   */
  Found find(boolean now) {
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
    if (now) {
      s.index.want(s.specs);
    }
    Spec best = null;
    HitIndex.Hits bestHits = null;
    int bestCount = 0;
    boolean tie = false;
    for (Spec spec : s.specs) {
      if (s.index.noHitBefore(spec, p, ended ? null : s.driver().target().vm())) {
        unrun.add(spec);
        continue; // its methods first ran after this point, or never
      }
      HitIndex.Hits hits = !HitIndex.indexable(spec) ? null : now ? s.indexedNow(spec) : s.index.hits(spec);
      if (hits == null) {
        return null;
      }
      int before = ended ? hits.counted().length : HitPositions.before(hits.countedPositions(), p, atStop.contains(spec));
      if (before < 0) {
        return null;
      }
      if (before == 0) {
        continue;
      }
      int order = best == null ? 1 : HitPositions.order(last(hits, before), last(bestHits, bestCount));
      if (order > 0) {
        best = spec;
        bestHits = hits;
        bestCount = before;
        tie = false;
      } else if (order == 0) {
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
    return landing(best, bestHits, bestHits.counted()[bestCount - 1]);
  }

  /** How to land on the {@code target}-th of {@code hits.all()} ({@link HitPositions#landing}). */
  private Found landing(Spec spec, HitIndex.Hits hits, int target) {
    List<Rung> rungs = s.ladder.on(s.history());
    List<Position> at = new ArrayList<>();
    for (Rung r : rungs) {
      at.add(r.position());
    }
    HitPositions.Landing l = HitPositions.landing(hits.all(), target, at);
    return new Found(l.rung() < 0 ? null : rungs.get(l.rung()), l.pause(), spec, HitIndex.observer(spec), l.ordinal());
  }

  /** The position of the {@code count}-th counted hit. */
  private static Position last(HitIndex.Hits hits, int count) {
    return hits.all()[hits.counted()[count - 1]];
  }
}
