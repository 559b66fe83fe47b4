package ttd.debug.console;

import java.util.List;
import java.util.Set;
import ttd.debug.requests.FieldWatch;
import ttd.debug.requests.Spec;
import ttd.debug.requests.Motion;

/**
 * What the console's own forward motions already tell a reverse-continue: a run or a step with
 * every one of the user's requests set stops at the first hit after where it started, so none lies
 * between its start and its stop. Walking the history back from the current stop over such
 * motions, the last hit before it is the first earlier stop that was one of their hits, and if
 * every motion back to the start of the recording was such, there is none at all: answered at
 * once, where a search would replay the whole recording to find nothing. A watch on one object
 * is left to the search (its request exists only where the object is named).
 */
final class KnownHits {

  /** Nothing is known: search. */
  static final int UNKNOWN = -2;
  /** No hit before the current stop. */
  static final int NONE = -1;

  private KnownHits() {}

  /**
   * How many motions of {@code history} lead to the last hit of {@code specs} before its end (a
   * stop the console showed), {@link #NONE} or {@link #UNKNOWN}; {@code fired} says which of the
   * user's specs stopped each motion (null: not known).
   */
  static int lastHit(List<Motion> history, List<Set<Spec>> fired, List<Spec> specs) {
    if (fired == null || fired.size() != history.size() || specs.isEmpty()) {
      return UNKNOWN;
    }
    for (Spec spec : specs) {
      if (spec instanceof FieldWatch && ((FieldWatch) spec).binding() != null) {
        return UNKNOWN;
      }
    }
    for (int i = history.size(); i >= 1; i--) {
      Motion m = history.get(i - 1);
      boolean forward = m.kind() == Motion.Kind.RUN || m.kind() == Motion.Kind.STEP_INTO
          || m.kind() == Motion.Kind.STEP_OVER || m.kind() == Motion.Kind.STEP_OUT;
      if (!forward || !m.requests().containsAll(specs)) {
        return UNKNOWN;
      }
      if (i >= 2 && specs.stream().anyMatch(fired.get(i - 2)::contains)) {
        return i - 1;
      }
    }
    return NONE;
  }
}
