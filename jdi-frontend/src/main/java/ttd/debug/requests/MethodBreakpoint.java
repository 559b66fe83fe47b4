package ttd.debug.requests;

/** {@code stop in Class.method}: every method of that name (all overloads), at its first line. */
public record MethodBreakpoint(String className, String method) implements Spec {

  @Override
  public String describe() {
    return "breakpoint " + className + "." + method;
  }
}
