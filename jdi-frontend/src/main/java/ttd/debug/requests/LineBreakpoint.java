package ttd.debug.requests;

import com.sun.jdi.ReferenceType;

/**
 * {@code stop at Class:line [if condition]}. The line may be in a nested class of {@code Class}
 * (one source file holds them all), as a person reading the file expects.
 */
public record LineBreakpoint(String className, int line, String condition) implements Spec {

  public LineBreakpoint(String className, int line) {
    this(className, line, null);
  }

  @Override
  public String describe() {
    return "breakpoint " + className + ":" + line + (condition == null ? "" : " if " + condition);
  }

  @Override
  public boolean matches(ReferenceType type) {
    return inClass(type.name());
  }

  /** Whether the class named {@code n} is {@code className} or nested in it. */
  public boolean inClass(String n) {
    int nested = n.indexOf('$');
    return ClassNames.matches(className, n) || nested > 0 && ClassNames.matches(className, n.substring(0, nested));
  }

  @Override
  public String[] preparePatterns() {
    return className.contains(".")
        ? new String[] {className, className + "$*"}
        : new String[] {className, "*." + className, "*." + className + "$*"};
  }
}
