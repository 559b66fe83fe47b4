package ttd.debug.time;

import java.util.List;
import ttd.debug.replayvm.Position;
import ttd.debug.requests.CodeLocation;
import ttd.debug.requests.Motion;
import ttd.debug.requests.Spec;

/**
 * Where one stop lies, in terms every replay of the recording reaches again whatever motions
 * brought the console there: the tick point {@code from} (a position a pause stops at), then the
 * {@code arrival}-th time {@code at}'s thread reaches {@code at}'s bytecode location after it.
 * A history that lands there ({@link #landing}) is a pause and a seek, so any JVM paused at an
 * earlier point of the recording goes on to it: a reverse search needs no JVM on the history that
 * first reached the stop.
 */
public record StopAddress(Position from, CodeLocation at, long arrival) {

  /** The history that lands on the stop from the start, the user's {@code requests} set after it. */
  public List<Motion> landing(List<Spec> requests) {
    Motion pause = new Motion(Motion.Kind.PAUSE, null, from.event(), from.tick(), List.copyOf(requests), List.of());
    return List.of(pause, Motion.seek(List.of(at), arrival));
  }
}
