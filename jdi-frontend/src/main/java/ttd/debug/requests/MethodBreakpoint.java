package ttd.debug.requests;

/**
 * {@code stop in Class.method [if condition]}: every method of that name (all overloads), at its
 * first line.
 */
public record MethodBreakpoint(String className, String method, String condition) implements Spec {

  public MethodBreakpoint(String className, String method) {
    this(className, method, null);
  }

  @Override
  public String describe() {
    return "breakpoint " + className + "." + method + (condition == null ? "" : " if " + condition);
  }
}
