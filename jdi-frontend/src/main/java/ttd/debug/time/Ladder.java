package ttd.debug.time;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import ttd.debug.target.Position;
import ttd.debug.target.Stop;
import ttd.debug.target.Target;

/**
 * The checkpoint ladder: exact positions ({@link Rung}s, at (event, tick), so a long stretch
 * without events gets them too) along the histories the user ran through, back from the end of
 * each run or goto at distances of replay time that double (the spacing, twice it, four times
 * it...: dense where the user is, and reaching a few seconds back, where a second and third
 * reverse-continue in a row go), and one at the first
 * recorded event (past the replay JVM's start-up, which costs seconds: the rung for searches that
 * go back to the beginning), each with replay JVMs parked on it in the {@link Pool}. A reverse search starts from the nearest rung instead of the
 * start of the recording; a JVM taken from a rung is replaced in the background.
 */
public final class Ladder {

  /** How many motions' samples are kept (a few KiB each, 60 ms apart). */
  private static final int STRETCHES = 8;

  private final Pool pool;
  private final long spacingNanos;
  private final int perMotion;
  private final int max;
  private final int copies;
  private final List<Rung> rungs = new ArrayList<>();
  /** The last motions' samples, for rungs below a later landing inside one of them. */
  private final List<Stretch> stretches = new ArrayList<>();

  /**
   * {@code perMotion} rungs at most in each motion, the k-th {@code spacingNanos} times
   * 2<sup>k-1</sup> of replay back from its end; {@code max} rungs in all (the oldest go first); {@code copies} JVMs parked on each (a
   * search's two passes start from the same rung).
   */
  public Ladder(Pool pool, long spacingNanos, int perMotion, int max, int copies) {
    this.pool = pool;
    this.spacingNanos = spacingNanos;
    this.perMotion = perMotion;
    this.max = max;
    this.copies = copies;
  }

  /**
   * How often the console's replay should sample its position while a motion runs, for {@link
   * #ranThrough}: a tenth of the spacing, at least 20 ms and at most 100 ms (each sample costs two
   * JDWP round trips); 0 when there is no ladder.
   */
  public long sampleNanos() {
    return spacingNanos <= 0 ? 0 : Math.max(20_000_000L, Math.min(100_000_000L, spacingNanos / 10));
  }

  /**
   * Performs {@code m}, which follows {@code prefix}, in {@code d} (at {@code from}), sampling
   * where the replay is meanwhile, then places rungs inside it ({@link #ranThrough}).
   */
  public Stop perform(Driver d, List<Motion> prefix, Motion m, Position from) {
    Target t = d.target();
    long fromNanos = t.clock().runNanos();
    int samplesBefore = t.clock().samples().size();
    Stop s;
    t.clock().sampleEvery(sampleNanos());
    try {
      s = d.perform(m);
    } finally {
      t.clock().sampleEvery(0);
    }
    if (!s.interrupted()) {
      List<long[]> samples = List.copyOf(t.clock().samples().subList(samplesBefore, t.clock().samples().size()));
      ranThrough(prefix, m, samples, fromNanos, from, t.clock().runNanos(), s.position());
    }
    return s;
  }

  /**
   * Places rungs inside motion {@code m}, which followed {@code prefix}: it ran from {@code
   * fromNanos} of replay (at position {@code from}) to {@code toNanos} (at {@code to}, which may
   * be the end), and the JVM sampled where it was in {@code samples} ((nanos, event, tick)
   * triples). A rung lies strictly after {@code from} (a pause at a point already passed would
   * never stop) and, in a goto or a pause, strictly before its target (the rest of the goto from
   * there is a goto again). The samples are kept for {@link #landed}.
   */
  public synchronized void ranThrough(List<Motion> prefix, Motion m, List<long[]> samples, long fromNanos, Position from, long toNanos, Position to) {
    if (!m.resumable() || spacingNanos <= 0) {
      return;
    }
    Stretch stretch = new Stretch(prefix, m, samples, fromNanos, from, toNanos, to);
    stretches.add(stretch);
    if (stretches.size() > STRETCHES) {
      stretches.remove(0);
    }
    List<Motion> current = Motion.append(prefix, m);
    Position first = new Position(0, 0, false);
    if (prefix.isEmpty() && from.event() < 0 && !to.before(first) && beforeTarget(m, first)) {
      add(new Rung(prefix, m, 0, 0, 0), current, true); // the first event: past the replay JVM's start-up
    }
    place(stretch, toNanos, to, current, p -> beforeTarget(m, p), true);
  }

  private static boolean beforeTarget(Motion m, Position p) {
    return m.kind() == Motion.Kind.RUN || p.before(m.position());
  }

  /**
   * After the console landed at {@code at} at the end of {@code history} (a reverse search's
   * landing), places rungs below it at the usual spacing: inside the motion of an earlier run,
   * goto or pause that the landing lies in, at positions that {@code history} passes (so a reverse
   * search from the landing starts from them), from the samples that motion's run took. A rung
   * already at about the right distance serves. Each new rung takes the place of one this history
   * does not pass (above the landing, or on another history); with none such, no more are added.
   */
  public synchronized void landed(List<Motion> history, Position at) {
    for (int i = stretches.size() - 1; i >= 0; i--) {
      Stretch s = stretches.get(i);
      if (s.holds(at) && place(s, s.nanosAt(at), at, history, p -> p.before(at) && new Rung(s.prefix(), s.m(), p.event(), p.tick(), 0).on(history), false) > 0) {
        return;
      }
    }
  }

  /**
   * Places up to {@code perMotion} rungs in {@code s} that {@code allowed} accepts, each before
   * the one placed before it: the k-th at the last sample {@code spacingNanos} times 2<sup>k-1</sup>
   * of replay before {@code toNanos} (at {@code to}), unless a rung of that motion lies between
   * that and twice as far. Returns how many it chose or found.
   */
  private int place(Stretch s, long toNanos, Position to, List<Motion> current, Predicate<Position> allowed, boolean evictOnCurrent) {
    Position last = null;
    for (int k = 1; k <= perMotion; k++) {
      long near = toNanos - (spacingNanos << (k - 1));
      Position lower = last;
      Predicate<Position> fits = p -> p.event() >= 0 && s.from().before(p) && !to.before(p) && (lower == null || p.before(lower)) && allowed.test(p);
      Rung known = known(s, near - (spacingNanos << (k - 1)), near, fits);
      if (known != null) {
        last = known.position();
        continue;
      }
      long[] chosen = null;
      for (long[] sample : s.samples()) {
        if (sample[0] >= s.fromNanos() && sample[0] <= near && fits.test(Stretch.at(sample))) {
          chosen = sample;
        }
      }
      if (chosen == null || !add(s.rung(chosen), current, evictOnCurrent)) {
        return k - 1;
      }
      last = Stretch.at(chosen);
    }
    return perMotion;
  }

  /** The nearest rung in {@code s}'s motion (not the first event's) that {@code s} reached after {@code far} and by {@code near}. */
  private Rung known(Stretch s, long far, long near, Predicate<Position> fits) {
    Rung best = null;
    for (Rung r : rungs) {
      if (r.prefix().equals(s.prefix()) && r.within().equals(s.m()) && !firstEvent(r) && fits.test(r.position())) {
        long nanos = s.nanosAt(r.position());
        if (nanos > far && nanos <= near && (best == null || best.position().before(r.position()))) {
          best = r;
        }
      }
    }
    return best;
  }

  /**
   * Adds {@code r} unless it is known; over {@code max}, drops the oldest rung that {@code
   * current} does not pass, else (with {@code evictOnCurrent}) the oldest, else does not add it
   * and returns false. The first event's rung stays.
   */
  private boolean add(Rung r, List<Motion> current, boolean evictOnCurrent) {
    for (Rung known : rungs) {
      if (known.path().equals(r.path())) {
        return true;
      }
    }
    rungs.add(r);
    while (rungs.size() > max) {
      Rung drop = oldest(r, current);
      if (drop == null && evictOnCurrent) {
        drop = oldest(r, null);
      }
      if (drop == null) {
        rungs.remove(r);
        return false;
      }
      rungs.remove(drop);
      pool.discard(drop.path());
    }
    pool.parkCopies(r.path(), List.of(), copies);
    return true;
  }

  /** The oldest rung but {@code added} and the first event's that {@code current} does not pass (null: any). */
  private Rung oldest(Rung added, List<Motion> current) {
    for (Rung k : rungs) {
      if (k != added && !firstEvent(k) && (current == null || !k.on(current))) {
        return k;
      }
    }
    return null;
  }

  private static boolean firstEvent(Rung r) {
    return r.prefix().isEmpty() && r.event() == 0 && r.tick() == 0;
  }

  /** The rungs {@code history} passes through, nearest its end first. */
  public synchronized List<Rung> on(List<Motion> history) {
    List<Rung> l = new ArrayList<>();
    for (Rung r : rungs) {
      if (r.on(history) && !r.path().equals(history)) {
        l.add(r);
      }
    }
    l.sort(Comparator.comparingInt((Rung r) -> r.prefix().size()).thenComparingLong(Rung::event).thenComparingLong(Rung::tick).reversed());
    return l;
  }

  /** All rungs, oldest first. */
  public synchronized List<Rung> rungs() {
    return List.copyOf(rungs);
  }

  /** A JVM parked on {@code r} that has arrived there, else null; a replacement starts parking. */
  public Driver takeReady(Rung r) {
    Driver d = pool.takeReady(r.path());
    if (d != null) {
      replace(r);
    }
    return d;
  }

  /** A JVM parked on {@code r}, waiting for it if it is on its way; null if none is. */
  public Driver takeWaiting(Rung r) {
    Driver d = pool.takeParked(r.path());
    if (d != null) {
      replace(r);
    }
    return d;
  }

  private synchronized void replace(Rung r) {
    if (rungs.contains(r)) {
      pool.parkCopies(r.path(), List.of(), copies);
    }
  }

  /** (arrived, all) JVMs parked on {@code r}. */
  public int[] parked(Rung r) {
    return pool.count(r.path());
  }
}
