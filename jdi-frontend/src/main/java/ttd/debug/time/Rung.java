package ttd.debug.time;

import java.util.List;
import ttd.debug.replayvm.Position;
import ttd.debug.requests.Motion;

/**
 * A checkpoint of the ladder: position ({@code event}, {@code tick}) inside the motion {@code
 * within} that followed {@code prefix} in a history the console ran through (tick 0: the instant
 * the event is consumed; a later tick: the tick point where the thread holding the baton reaches
 * it, which need not be near any event). It is an exact point that any replay of the prefix
 * reaches again by pausing there ({@link Motion#pause}), so a JVM parked on it can go on along
 * every history that passes through it. {@code runNanos} is how far into the replay it lies
 * (replay time, for spacing).
 */
public record Rung(List<Motion> prefix, Motion within, long event, long tick, long runNanos) {

  /** The history that reaches this rung from the start. */
  public List<Motion> path() {
    return Motion.append(prefix, Motion.pause(event, tick, within));
  }

  /** Where it lies. */
  public Position position() {
    return new Position(event, tick, false);
  }

  /**
   * Whether {@code history} passes through this rung: it starts with the prefix, and its next
   * motion is {@code within} itself or a pause at this position or later (another rung's path);
   * or it starts with a pause at this position or later (a landing, {@link StopAddress}), which a
   * JVM paused here goes on to whatever motions brought it here.
   */
  public boolean on(List<Motion> history) {
    return resumeAt(history) >= 0;
  }

  /**
   * The index of the motion of {@code history} a JVM paused here goes on with (the rest of it
   * first, for a run or goto it lies inside), or -1 if the history does not pass here.
   */
  public int resumeAt(List<Motion> history) {
    int i = prefix.size();
    if (history.size() > i && history.subList(0, i).equals(prefix)) {
      Motion next = history.get(i);
      if (next.equals(within) || (next.kind() == Motion.Kind.PAUSE && !next.position().before(position()))) {
        return i;
      }
    }
    if (!history.isEmpty() && history.get(0).kind() == Motion.Kind.PAUSE && !history.get(0).position().before(position())) {
      return 0;
    }
    return -1;
  }
}
