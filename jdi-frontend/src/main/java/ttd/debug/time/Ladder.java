package ttd.debug.time;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.replayvm.Target;
import ttd.debug.requests.Motion;
import ttd.debug.requests.Spec;

/**
 * The checkpoint ladder: exact positions ({@link Rung}s, at (event, tick), so a long stretch
 * without events gets them too) along the histories the user ran through, back from the end of
 * each run or goto at distances of replay time that double (the spacing, twice it, four times
 * it...: dense where the user is, and reaching a few seconds back, where a second and third
 * reverse-continue in a row go), and one at the first
 * recorded event (past the replay JVM's start-up, which costs seconds: the rung for searches that
 * go back to the beginning), each with replay JVMs parked on it in the {@link Pool}. A reverse search starts from the nearest rung instead of the
 * start of the recording; a JVM taken from a rung is replaced in the background, from the rung
 * below it, once the command that took it has ended.
 */
public final class Ladder {

  private final Pool pool;
  private final long spacingNanos;
  private final long spacingTicks;
  private final int perMotion;
  private final int max;
  private final int copies;
  private final List<Rung> rungs = new ArrayList<>();
  private Rung primed;
  /** Rungs whose JVMs a running command took ({@link #hold}), replaced when it ends. */
  private final HeldWork<Rung> toReplace = new HeldWork<>();

  /**
   * {@code perMotion} rungs at most in each motion, the k-th {@code spacingNanos} times
   * 2<sup>k-1</sup> of replay back from its end; {@code max} rungs in all (the oldest go first); {@code copies} JVMs parked on each (a
   * search's two passes start from the same rung).
   */
  public Ladder(Pool pool, long spacingNanos, int perMotion, int max, int copies) {
    this(pool, spacingNanos, 0, perMotion, max, copies);
  }

  /**
   * With {@code spacingTicks} > 0, rungs lie that many ticks back from the end of each motion, then
   * twice, four and eight times as far, by position alone (the replay's note of its last events'
   * stretches tells where): the same rungs on every machine, however loaded, which tests need.
   */
  public Ladder(Pool pool, long spacingNanos, long spacingTicks, int perMotion, int max, int copies) {
    this.pool = pool;
    this.spacingNanos = spacingNanos;
    this.spacingTicks = spacingTicks;
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
    return spacingNanos <= 0 || spacingTicks > 0 ? 0 : Math.max(20_000_000L, Math.min(100_000_000L, spacingNanos / 10));
  }

  /**
   * Performs {@code m}, which follows {@code prefix}, in {@code d} (at {@code from}), sampling
   * where the replay is meanwhile, then places rungs inside the motion {@code recorded} makes of it
   * once performed, as the history will hold it ({@link #ranThrough}): with the requests a
   * debugger added while it was paused inside (an IDE's breakpoints, set as their classes load),
   * counted from its start, a rung keyed by {@code m} alone would lie on no history.
   */
  public Stop perform(Driver d, List<Motion> prefix, Motion m, Position from, UnaryOperator<Motion> recorded) {
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
    Motion as = recorded.apply(m);
    if (!s.interrupted() && spacingTicks > 0) {
      if (!s.ended()) {
        ranThrough(prefix, as, from, s.position(), t::stretch, t.clock().runNanos());
      }
    } else if (!s.interrupted()) {
      List<long[]> samples = List.copyOf(t.clock().samples().subList(samplesBefore, t.clock().samples().size()));
      ranThrough(prefix, as, samples, fromNanos, from, t.clock().runNanos(), s.position());
    }
    return s;
  }

  /**
   * Places rungs inside motion {@code m} by position: {@code spacingTicks}, twice, four and eight
   * times as many ticks back from {@code to}, where it stopped ({@code stretch}: the lengths of the
   * stretches before it), strictly after {@code from} and, in a goto, before its target.
   */
  synchronized void ranThrough(List<Motion> prefix, Motion m, Position from, Position to, java.util.function.LongUnaryOperator stretch, long runNanos) {
    if (!m.resumable() || m.kind() == Motion.Kind.PAUSE) {
      return;
    }
    firstEvent(prefix, m, from, to);
    Position last = to;
    for (int k = 1; k <= perMotion; k++) {
      Position p = TickWalk.back(to, spacingTicks << (k - 1), stretch);
      if (p == null) {
        return;
      }
      if (p.tick() < 0) {
        p = new Position(p.event(), 0, false); // the stretch before is not known: the boundary after it
      }
      if (!from.before(p) || !p.before(last) || m.kind() == Motion.Kind.GOTO && !p.before(m.position())) {
        return;
      }
      last = p;
      add(new Rung(prefix, m, p.event(), p.tick(), runNanos));
    }
  }

  /**
   * Parks JVMs at the first recorded event before any motion, with no requests set: while the
   * user's first run replays, they get past the start-up of a JVM and the program, so the first
   * motion's own first-event rung ({@link #firstEvent}) takes them at once, and a reverse step
   * typed right after that run does not wait for two JVMs to start. The primed rung is on no run's
   * history (it cannot know whether a run stops before the first event); it serves the rungs and
   * landings that lie at or after that event, and is replaced like any rung when taken.
   */
  public synchronized void prime() {
    if (primed == null && (spacingNanos > 0 || spacingTicks > 0)) {
      primed = new Rung(List.of(), Motion.run(List.of()), 0, 0, 0);
      add(primed);
    }
  }

  /** Whether {@code r} is the rung {@link #prime} made, for any first motion. */
  public synchronized boolean primed(Rung r) {
    return r.equals(primed);
  }

  /** The rung at the first recorded event, past the replay JVM's start-up, in a first motion that passed it. */
  private void firstEvent(List<Motion> prefix, Motion m, Position from, Position to) {
    Position first = new Position(0, 0, false);
    if (prefix.isEmpty() && from.event() < 0 && !to.before(first) && (m.kind() != Motion.Kind.GOTO || first.before(m.position()))) {
      add(new Rung(prefix, m, 0, 0, 0));
    }
  }

  /**
   * Places rungs inside motion {@code m}, which followed {@code prefix}: it ran from {@code
   * fromNanos} of replay (at position {@code from}) to {@code toNanos} (at {@code to}, which may
   * be the end), and the JVM sampled where it was in {@code samples} ((nanos, event, tick)
   * triples). A rung lies strictly after {@code from} (a pause at a point already passed would
   * never stop) and, in a goto, strictly before its target (the rest of the goto from there is a
   * goto again).
   */
  public synchronized void ranThrough(List<Motion> prefix, Motion m, List<long[]> samples, long fromNanos, Position from, long toNanos, Position to) {
    if (!m.resumable() || m.kind() == Motion.Kind.PAUSE || spacingNanos <= 0) {
      return;
    }
    firstEvent(prefix, m, from, to);
    Position last = null;
    for (int k = 1; k <= perMotion; k++) {
      long at = toNanos - (spacingNanos << (k - 1));
      long[] chosen = null;
      for (long[] s : samples) {
        Position p = new Position(s[1], s[2], false);
        if (s[0] >= fromNanos && s[0] <= at && from.before(p) && !to.before(p) && (last == null || p.before(last))
            && (m.kind() != Motion.Kind.GOTO || p.before(m.position()))) {
          chosen = s;
        }
      }
      if (chosen == null) {
        return;
      }
      last = new Position(chosen[1], chosen[2], false);
      add(new Rung(prefix, m, chosen[1], chosen[2], chosen[0]));
    }
  }

  private void add(Rung r) {
    for (Rung known : rungs) {
      if (known.path().equals(r.path())) {
        return;
      }
    }
    rungs.add(r);
    for (int i = 0; rungs.size() > max && i < rungs.size(); ) {
      if (rungs.get(i).prefix().isEmpty() && rungs.get(i).event() == 0 && rungs.get(i).tick() == 0) {
        i++;
      } else {
        pool.discard(rungs.remove(i).path());
      }
    }
    park(r);
  }

  /** Parks {@code copies} JVMs on {@code r}, each from the rung below if one has arrived there. */
  private void park(Rung r) {
    pool.parkCopies(r.path(), List.of(), copies, (p, origin) -> fromNearest(sources(r), r.path(), List.of(), origin));
  }

  /**
   * Parks a JVM at the end of {@code history} with {@code specs} set, for when the one the console
   * shows there is retired (code ran in it for an evaluation): from the nearest rung on the history
   * that has arrived, else a fresh replay of it. Started when the JVM is perturbed, it is on its way
   * or there by the next motion, which would otherwise start it only then.
   */
  public void spare(List<Motion> history, List<Spec> specs) {
    pool.parkCopies(history, specs, 1, (p, origin) -> fromNearest(on(history), history, specs, origin));
  }

  /**
   * A JVM at the end of {@code path}: one parked at the first of {@code sources} (rungs on the
   * path, nearest first) that has arrived, gone on along the path (that rung gets a replacement in
   * turn, from below it), so that a place near the end of a long history is back in the time of
   * the replay from its nearest rung, not of the whole history; null if none has one (then a fresh
   * JVM replays the path). {@code origin} hears which rung it came from.
   */
  private Driver fromNearest(List<Rung> sources, List<Motion> path, List<Spec> specs, Consumer<Position> origin) {
    for (Rung below : sources) {
      Driver d = takeReady(below);
      if (d != null) {
        origin.accept(below.position());
        try {
          d.continueAlong(below, path, specs);
          return d;
        } catch (RuntimeException e) {
          d.close();
          return null;
        }
      }
    }
    return null;
  }

  /**
   * The rungs a replacement for {@code r} may be taken from, nearest first: those on its path that
   * lie before it, and the primed rung for any other. Never another at its own position: two
   * rungs there (the primed one and a run's first-event rung) would take each other's JVMs back
   * and forth, each replacement moving a JVM instead of adding one.
   */
  synchronized List<Rung> sources(Rung r) {
    List<Rung> l = new ArrayList<>();
    for (Rung below : on(r.path())) {
      if (below.position().before(r.position()) || below.equals(primed)) {
        l.add(below);
      }
    }
    return l;
  }

  /** The rungs {@code history} passes through, nearest its end first. */
  public synchronized List<Rung> on(List<Motion> history) {
    List<Rung> l = new ArrayList<>();
    for (Rung r : rungs) {
      if (r.on(history) && !r.path().equals(history)) {
        l.add(r);
      }
    }
    // positions only grow along a history, from the start: the nearest rung is the latest position
    l.sort(Comparator.comparingLong(Rung::event).thenComparingLong(Rung::tick).thenComparingInt((Rung r) -> r.prefix().size()).reversed());
    return l;
  }

  /** All rungs, oldest first. */
  public synchronized List<Rung> rungs() {
    return List.copyOf(rungs);
  }

  /**
   * A JVM parked on {@code r} that has arrived there, else null; a replacement starts parking (when
   * no command {@linkplain #hold holds} the ladder).
   */
  public Driver takeReady(Rung r) {
    Driver d = pool.takeReady(r.path());
    if (d != null) {
      replace(r);
    }
    return d;
  }

  /** The nearest rung on {@code history} (before its end) with a JVM that has arrived; null if none has. */
  public Rung nearestReadyOn(List<Motion> history) {
    for (Rung below : on(history)) {
      if (pool.hasReady(below.path())) {
        return below;
      }
    }
    return null;
  }

  /**
   * A JVM on its way to {@code r} from the rung at {@code from} or a later one (a replay at most
   * that long), waiting for it; null if none is.
   */
  public Driver takeComing(Rung r, Position from) {
    Driver d = pool.takeComing(r.path(), from);
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

  /**
   * A command starts: until it {@linkplain #release releases} the ladder, the rungs it takes JVMs
   * from are replaced only then. A replacement replays from the rung below on one of the two cores
   * the command's own replays need (a reverse step's scan and landing ran at about half speed
   * beside two of them); a rung the command takes from again meanwhile serves it from a rung below
   * or a fresh JVM, as the replacement would have.
   */
  public void hold() {
    toReplace.hold();
  }

  /** The command has ended: the rungs it took JVMs from start parking their replacements. */
  public void release() {
    for (Rung r : toReplace.release()) {
      replace(r);
    }
  }

  private synchronized void replace(Rung r) {
    if (!toReplace.defer(r) && rungs.contains(r)) {
      park(r);
    }
  }

  /** (arrived, all) JVMs parked on {@code r}. */
  public int[] parked(Rung r) {
    return pool.count(r.path());
  }
}
