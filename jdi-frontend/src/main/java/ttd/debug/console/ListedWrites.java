package ttd.debug.console;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ttd.debug.replayvm.Position;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Motion;
import ttd.debug.time.Rung;

/**
 * The writes {@code history} listed, by the position it printed for each, so that a {@code goto}
 * to one of them lands on the write itself (where a reverse-continue to it lands and {@code when}
 * reports that position) instead of the tick point before it. A write is known by its field's
 * class-wide watch and its number among that watch's hits in its event: a replay paused at the
 * instant the event is consumed and then run to that hit stops at the same instruction.
 */
final class ListedWrites {

  /** The {@code ordinal}-th (1-based) hit of {@code observer} after its event was consumed. */
  record Write(FieldWatch observer, long ordinal) {}

  private final Map<Position, Write> listed = new HashMap<>();

  /**
   * Notes the writes one {@code history} listed, in order, each at its position, from {@code
   * from} on; where several share a position, a goto there lands on the first. Writes whose tick
   * is not known are not noted (history printed their event alone, and {@code goto E} is that
   * event's boundary), nor those in the event {@code from} lies inside.
   */
  void listed(FieldWatch observer, List<Position> inOrder, Position from) {
    Map<Position, Write> these = new HashMap<>();
    long event = Long.MIN_VALUE;
    long ordinal = 0;
    for (Position p : inOrder) {
      if (from.tick() > 0 && p.event() == from.event()) {
        continue; // the listing began inside this event: the writes before it there were not counted
      }
      ordinal = p.event() == event ? ordinal + 1 : 1;
      event = p.event();
      if (p.tick() >= 0) {
        Write w = new Write(observer, ordinal);
        these.putIfAbsent(p, w);
        these.putIfAbsent(p.at(null), w);
      }
    }
    listed.putAll(these);
  }

  /** The write {@code history} listed at {@code p}, or null. */
  Write at(Position p) {
    return listed.get(p);
  }

  /**
   * The history that lands on {@code w} at {@code p} from rung {@code from} (null: the start): a
   * pause at the write's event (inside the motion the rung lies in, so that every rung of that
   * motion up to the event lies on the history too), then the write's hit.
   */
  static List<Motion> landing(Rung from, Position p, Write w) {
    Motion pause = from == null
        ? new Motion(Motion.Kind.PAUSE, null, p.event(), 0, List.of(), List.of())
        : Motion.pause(p.event(), 0, from.within());
    List<Motion> prefix = from == null ? List.of() : from.prefix();
    return Motion.append(Motion.append(prefix, pause), Motion.seek(List.of(w.observer()), w.ordinal()));
  }

  /** The rung nearest before the boundary of {@code event} (null: none, start from the beginning). */
  static Rung nearestBefore(List<Rung> rungs, long event) {
    Position boundary = new Position(event, 0, false);
    Rung best = null;
    for (Rung r : rungs) {
      if (!boundary.before(r.position()) && (best == null || best.position().before(r.position()))) {
        best = r;
      }
    }
    return best;
  }
}
