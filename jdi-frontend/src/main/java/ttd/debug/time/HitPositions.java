package ttd.debug.time;

import java.util.List;
import ttd.debug.replayvm.Position;

/**
 * Where hits known only by their position (event, tick) lie relative to the current stop and to
 * the rungs of the ladder, as the {@link HitIndex} knows them. A tick of -1 is not known (nobody
 * held the baton): such a hit can be told apart only from other events. Several hits can share one
 * position (a tick is a method entry or loop back-edge, and a line may hold many instructions), so
 * hits at the current stop's own position are before it only if they are the stop itself.
 */
public final class HitPositions {

  /**
   * How a replay lands on a hit: from rung {@code rung} of those offered (-1: the start), after a
   * pause at event {@code pause} (-1: none), at the {@code ordinal}-th (1-based) hit from there.
   */
  public record Landing(int rung, long pause, long ordinal) {}

  private HitPositions() {}

  /**
   * How to land on the {@code target}-th (0-based) of {@code hits} (in order) from one of {@code
   * rungs} (nearest first): from the nearest rung inside the hit's event that every hit up to it
   * is surely on one side of, counted from there; else from the nearest rung in an earlier event
   * (or the start), with a pause at the hit's event, counted among the hits in that event.
   */
  public static Landing landing(Position[] hits, int target, List<Position> rungs) {
    Position at = hits[target];
    int from = -1;
    for (int i = 0; i < rungs.size(); i++) {
      Position r = rungs.get(i);
      if (r.event() == at.event()) {
        int passed = passed(hits, target + 1, r);
        if (passed >= 0) {
          return new Landing(i, -1, target + 1 - passed);
        }
      } else if (r.event() < at.event()) {
        from = i;
        break;
      }
    }
    int passed = 0;
    while (hits[passed].event() < at.event()) {
      passed++;
    }
    return new Landing(from, at.event(), target + 1 - passed);
  }

  /** -1 if {@code a} is surely before {@code b}, 1 if surely after, 0 if the same or not known. */
  public static int order(Position a, Position b) {
    if (a.event() != b.event()) {
      return a.event() < b.event() ? -1 : 1;
    }
    if (a.tick() < 0 || b.tick() < 0 || a.tick() == b.tick()) {
      return 0;
    }
    return a.tick() < b.tick() ? -1 : 1;
  }

  /**
   * How many of {@code hits} (in order) come before a stop at {@code at}; -1 if that cannot be
   * told: more than one hit at its position, or one that is not the stop itself ({@code
   * stopIsAHit}: the stop is one of these hits).
   */
  public static int before(Position[] hits, Position at, boolean stopIsAHit) {
    int before = 0;
    int same = 0;
    for (Position h : hits) {
      int o = order(h, at);
      before += o < 0 ? 1 : 0;
      same += o == 0 ? 1 : 0;
    }
    return same > 1 || (same == 1 && !stopIsAHit) ? -1 : before;
  }

  /**
   * How many of {@code hits} come before a replay paused at {@code rung}, if the {@code count}-th
   * (1-based) comes after it and every hit is surely on one side; else -1 (a rung further back
   * must be used).
   */
  public static int passed(Position[] hits, int count, Position rung) {
    int passed = 0;
    for (int i = 0; i < count; i++) {
      if (rung.pausedBefore(hits[i])) {
        break;
      }
      if (!surelyBefore(hits[i], rung)) {
        return -1;
      }
      passed++;
    }
    return passed < count ? passed : -1;
  }

  private static boolean surelyBefore(Position hit, Position rung) {
    return hit.event() < rung.event() || (hit.tick() >= 0 && hit.tick() < rung.tick());
  }
}
