package ttd.debug.console;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.replayvm.Target;
import ttd.debug.requests.Motion;
import ttd.debug.time.Driver;
import ttd.debug.time.Interrupted;
import ttd.debug.time.Rung;

/**
 * Where the console gets a replay JVM at a point of history without replaying all of it: a search
 * at a rung of the ladder (or the start), preferring one already parked there, since each pass of
 * a search needs a JVM of its own and the rung's own may have gone to an earlier pass; a restart
 * or a goto to a named position at the end of its history, from a JVM parked there or at the
 * nearest rung on the way. The JVM is marked as the one running, for Ctrl-C. With {@code
 * -Dttd.debug.traceRungs=true} each replay says where it starts from.
 */
final class RungJvms {

  /** Whether to say which rung each pass of a search starts from (tests, and the curious). */
  private static final boolean TRACE = Boolean.getBoolean("ttd.debug.traceRungs");

  private RungJvms() {}

  /** Performs {@code m} in {@code d}; an interrupt by the user ends the command. */
  static Stop performed(Driver d, Motion m) {
    Stop st = d.perform(m);
    if (st.interrupted()) {
      throw new Interrupted();
    }
    return st;
  }

  /** The nearest rung at or before {@code p} (null: the start), for a JVM to pause at {@code p}. */
  static Rung nearest(ConsoleSession s, Position p) {
    for (Rung r : s.ladder.on(List.of(new Motion(Motion.Kind.PAUSE, null, p.event(), p.tick(), List.of(), List.of())))) {
      return r;
    }
    return null;
  }

  /**
   * A JVM at {@code r} (null: the start): one parked there, else one on its way there from a rung
   * at least as near as the nearest earlier rung with a JVM that has arrived (its replay started
   * no further back: a step right after another found the nearest rung's replacements 0.6 s from
   * arriving and replayed seconds from a rung far below instead), else one parked at an earlier
   * rung gone on to it, else one on its way there, else a fresh one replaying its path.
   */
  static Driver reach(ConsoleSession s, Rung r) {
    return reach(s, r, s::running);
  }

  /**
   * {@link #reach(ConsoleSession, Rung)}, telling {@code running} of each JVM it runs (the console's
   * {@code ConsoleSession::running}, so that Ctrl-C stops it; a JVM made ready beside a search tells
   * nobody: the search's own JVM is the one to stop).
   */
  static Driver reach(ConsoleSession s, Rung r, Consumer<Target> running) {
    trace(s, r);
    Driver d = null;
    if (r != null) {
      d = s.ladder.takeReady(r);
      Rung below = d == null ? s.ladder.nearestReadyOn(r.path()) : null;
      if (below != null) {
        d = s.ladder.takeComing(r, below.position());
      }
      for (Rung earlier : s.ladder.on(r.path())) {
        if (d != null) {
          break;
        }
        d = s.ladder.takeReady(earlier);
        if (d != null) {
          running.accept(d.target());
          d.continueAlong(earlier, r.path(), List.of());
        }
      }
      if (d == null) {
        d = s.ladder.takeWaiting(r);
      }
    }
    if (d == null) {
      d = new Driver(s.pool.take(), x -> {});
      if (r != null) {
        running.accept(d.target());
        d.replay(r.path(), List.of());
      }
    }
    running.accept(d.target());
    return d;
  }

  /**
   * A JVM at the end of {@code history} with the user's requests set: one parked there that has
   * arrived, else one on its way there from a rung at least as near as the nearest rung with a JVM
   * that has arrived (a spare started when the JVM shown was perturbed), else one parked at the
   * nearest rung on the history gone on along it (a checkpoint's
   * own JVM may still be on its way, queued behind the ladder's: a rung is seconds away, the start
   * tens of seconds), else the one on its way there, else a fresh one replaying the history.
   */
  static Driver at(ConsoleSession s, List<Motion> history) {
    Driver d = s.pool.takeReady(history);
    if (d == null) {
      Rung nearest = s.ladder.nearestReadyOn(history);
      d = s.pool.takeComing(history, nearest == null ? Position.START : nearest.position());
    }
    for (Rung r : s.ladder.on(history)) {
      if (d != null) {
        break;
      }
      d = s.ladder.takeReady(r);
      if (d != null) {
        trace(s, r);
        d.continueAlong(r, history, s.specs);
        return d;
      }
    }
    if (d == null) {
      d = s.pool.takeParked(history);
    }
    if (d != null) {
      if (TRACE) {
        Position from = d.origin();
        s.out.println("(a replay JVM parked there" + (from == null ? "" : ", from the rung at position " + from.label()) + ")");
      }
      d.user().sync(s.specs, Map.of());
      return d;
    }
    trace(s, null);
    d = new Driver(s.pool.take(), x -> {});
    d.replay(history, s.specs);
    return d;
  }

  private static void trace(ConsoleSession s, Rung r) {
    if (TRACE) {
      s.out.println("(a replay from " + (r == null ? "the start" : "the rung at position " + r.position().label()) + ")");
    }
  }
}
