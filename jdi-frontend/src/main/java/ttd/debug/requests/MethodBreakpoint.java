package ttd.debug.requests;

import com.sun.jdi.Method;
import java.util.List;

/**
 * {@code stop in Class.method[(types)] [if condition]}: every method of that name (all overloads,
 * with {@code argTypes} null), or the overloads whose parameters are {@code argTypes}, as jdb's
 * {@code stop in Class.method(int,java.lang.String)} picks one, at its first line.
 */
public record MethodBreakpoint(String className, String method, String condition, List<String> argTypes) implements Spec {

  public MethodBreakpoint(String className, String method, String condition) {
    this(className, method, condition, null);
  }

  public MethodBreakpoint(String className, String method) {
    this(className, method, null, null);
  }

  /** {@code Class.method} with the parameter types if given, as the user typed it. */
  public String target() {
    return className + "." + method + (argTypes == null ? "" : "(" + String.join(",", argTypes) + ")");
  }

  /**
   * Whether {@code m} is one of the methods this breakpoint names: its name, and its parameter types
   * if given, each the type's full name or its simple name ({@code String}, {@code Entry} for {@code
   * java.util.Map$Entry}).
   */
  public boolean names(Method m) {
    if (!m.name().equals(method)) {
      return false;
    }
    if (argTypes == null) {
      return true;
    }
    List<String> actual = m.argumentTypeNames();
    if (actual.size() != argTypes.size()) {
      return false;
    }
    for (int i = 0; i < actual.size(); i++) {
      String given = argTypes.get(i);
      String full = actual.get(i);
      if (!full.equals(given) && !(given.indexOf('.') < 0 && (full.endsWith("." + given) || full.endsWith("$" + given)))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String describe() {
    return "breakpoint " + target() + (condition == null ? "" : " if " + condition);
  }
}
