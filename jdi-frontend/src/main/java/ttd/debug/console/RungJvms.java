package ttd.debug.console;

import java.util.List;
import ttd.debug.time.Driver;
import ttd.debug.time.Rung;

/**
 * Where a search gets its replay JVMs: at a rung of the ladder (or the start), preferring one
 * already parked there, since each pass of a search needs a JVM of its own and the rung's own may
 * have gone to an earlier pass. The JVM is marked as the one running, for Ctrl-C. With {@code
 * -Dttd.debug.traceRungs=true} each pass says which rung it starts from.
 */
final class RungJvms {

  /** Whether to say which rung each pass of a search starts from (tests, and the curious). */
  private static final boolean TRACE = Boolean.getBoolean("ttd.debug.traceRungs");

  private RungJvms() {}

  /**
   * A JVM at {@code r} (null: the start): one parked there, else one parked at an earlier rung
   * gone on to it, else one on its way there, else a fresh one replaying its path.
   */
  static Driver reach(Session s, Rung r) {
    if (TRACE) {
      s.out.println("(a replay from " + (r == null ? "the start" : "the rung at position " + r.position().label()) + ")");
    }
    Driver d = null;
    if (r != null) {
      d = s.ladder.takeReady(r);
      for (Rung earlier : s.ladder.on(r.path())) {
        if (d != null) {
          break;
        }
        d = s.ladder.takeReady(earlier);
        if (d != null) {
          s.running(d.target());
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
        s.running(d.target());
        d.replay(r.path(), List.of());
      }
    }
    s.running(d.target());
    return d;
  }
}
