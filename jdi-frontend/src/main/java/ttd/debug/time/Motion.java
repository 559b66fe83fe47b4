package ttd.debug.time;

import java.util.List;
import ttd.debug.requests.Spec;

/**
 * One thing the console made a replay do, with the requests that were set while it ran: a
 * history of motions, replayed in a fresh JVM of the same recording, reaches the same point,
 * since replay is deterministic. This is how a position is carried from one JVM to another.
 *
 * <p>{@code SEEK} replays {@code inner} with {@code observers} installed from its start and stops
 * at their {@code ordinal}-th event: the landing of a reverse search.
 */
public record Motion(Kind kind, String thread, long arg, List<Spec> requests, List<Spec> observers, List<Motion> inner) {

  public enum Kind {
    RUN,
    STEP_INTO,
    STEP_OVER,
    STEP_OUT,
    GOTO,
    SEEK
  }

  public static Motion run(List<Spec> requests) {
    return new Motion(Kind.RUN, null, 0, List.copyOf(requests), List.of(), List.of());
  }

  public static Motion step(Kind kind, String thread, List<Spec> requests) {
    return new Motion(kind, thread, 0, List.copyOf(requests), List.of(), List.of());
  }

  public static Motion gotoEvent(long index) {
    return new Motion(Kind.GOTO, null, index, List.of(), List.of(), List.of());
  }

  public static Motion seek(List<Spec> observers, long ordinal, List<Motion> inner) {
    return new Motion(Kind.SEEK, null, ordinal, List.of(), List.copyOf(observers), List.copyOf(inner));
  }

  /** {@code history} with {@code m} appended. */
  public static List<Motion> append(List<Motion> history, Motion m) {
    java.util.ArrayList<Motion> l = new java.util.ArrayList<>(history);
    l.add(m);
    return List.copyOf(l);
  }
}
