package ttd.debug.requests;

import com.sun.jdi.ClassLoaderReference;
import com.sun.jdi.Field;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import com.sun.jdi.Value;
import ttd.debug.target.Target;

/**
 * Every line start of the program's own classes (not the JDK's, not ttd's): what reverse-step,
 * reverse-next and reverse-finish observe to find the line executed before the current one.
 */
public record LineArrivals() implements Spec {

  @Override
  public String className() {
    return "*";
  }

  @Override
  public String describe() {
    return "every line start";
  }

  @Override
  public boolean matches(ReferenceType type) {
    String n = type.name();
    if (n.endsWith("[]") || n.contains("$$Lambda") || n.contains("/0x")) {
      return false;
    }
    for (String excluded : Target.STEP_EXCLUDES) {
      if (n.startsWith(excluded.substring(0, excluded.length() - 1))) {
        return false;
      }
    }
    return !ttdsOwn(type.classLoader());
  }

  /** Whether {@code loader} is ttd's own (the agent's libraries run in it, and vary by run). */
  private static boolean ttdsOwn(ClassLoaderReference loader) {
    if (loader == null) {
      return false;
    }
    Field name = loader.referenceType().fieldByName("name");
    Value v = name == null ? null : loader.getValue(name);
    return v instanceof StringReference && ((StringReference) v).value().startsWith("ttd-");
  }

  @Override
  public String[] preparePatterns() {
    return new String[] {"*"};
  }
}
