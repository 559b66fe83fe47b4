package ttd.debug.requests;

/**
 * How to find one object in any replay JVM of a history, since JDI object ids are per JVM: the
 * value of {@code expression} in frame {@code frame} of thread {@code thread} at the stop after
 * motion {@code point} of the history, or (when {@code expression} is null) the object whose field
 * the stop at that point is about to write.
 */
public record Binding(int point, String thread, int frame, String expression, String shown) {

  public static Binding written(int point, String thread, String shown) {
    return new Binding(point, thread, 0, null, shown);
  }

  public String describe() {
    return shown;
  }
}
