package ttd.debug.requests;

import java.util.List;
import java.util.Objects;

/**
 * How to find one object in a replay JVM, since JDI object ids are per JVM: the value of {@code
 * expression} in frame {@code frame} of thread {@code thread} at the end of {@code anchor} (the
 * history the console had when the watch was typed), or (when {@code expression} is null) the
 * object whose field the stop at that point is about to write. A replay that passes through the
 * end of the anchor finds the object there; one on another history (after a reverse step) does not,
 * and the {@code HitIndex} knows the object's hits instead. Equality is deep (anchors nest), so the
 * hash is kept.
 */
public final class Binding {

  private final List<Motion> anchor;
  private final String thread;
  private final int frame;
  private final String expression;
  private final String shown;
  private final int hash;

  public Binding(List<Motion> anchor, String thread, int frame, String expression, String shown) {
    this.anchor = List.copyOf(anchor);
    this.thread = thread;
    this.frame = frame;
    this.expression = expression;
    this.shown = shown;
    this.hash = Objects.hash(this.anchor, thread, frame, expression, shown);
  }

  public static Binding written(List<Motion> anchor, String thread, String shown) {
    return new Binding(anchor, thread, 0, null, shown);
  }

  /** The history that ends where the object is named. */
  public List<Motion> anchor() {
    return anchor;
  }

  /** The length of the anchor: the point of a history where the object is named. */
  public int point() {
    return anchor.size();
  }

  /** Whether {@code history} passes through the point where the object is named. */
  public boolean on(List<Motion> history) {
    return history.size() >= anchor.size() && history.subList(0, anchor.size()).equals(anchor);
  }

  public String thread() {
    return thread;
  }

  public int frame() {
    return frame;
  }

  public String expression() {
    return expression;
  }

  public String describe() {
    return shown;
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof Binding)) {
      return false;
    }
    Binding b = (Binding) o;
    return hash == b.hash && frame == b.frame && Objects.equals(thread, b.thread) && Objects.equals(expression, b.expression)
        && Objects.equals(shown, b.shown) && anchor.equals(b.anchor);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
