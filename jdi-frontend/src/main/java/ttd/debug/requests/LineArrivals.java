package ttd.debug.requests;

import com.sun.jdi.ClassLoaderReference;
import com.sun.jdi.Field;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import com.sun.jdi.Value;
import ttd.debug.target.Target;

/**
 * Line starts of the program's own classes (not the JDK's, not ttd's): what reverse-step,
 * reverse-next and reverse-finish observe to find the line executed before the current one. Only
 * those {@code thread} reaches (null: any thread's), and only in {@code methods} (keys {@link
 * #method}; null: every method): reverse-next and reverse-finish look at the methods on the
 * thread's stack alone, so a call that runs long in between costs nothing.
 */
public record LineArrivals(String thread, java.util.Set<String> methods) implements Spec {

  /** Every line start of every thread. */
  public LineArrivals() {
    this(null, null);
  }

  /** How {@code methods} names a method: its class, name and signature. */
  public static String method(com.sun.jdi.Method m) {
    return m.declaringType().name() + "." + m.name() + m.signature();
  }

  /** Whether a line start in {@code m} is one of these. */
  public boolean covers(com.sun.jdi.Method m) {
    return methods == null || methods.contains(method(m));
  }

  @Override
  public String className() {
    return "*";
  }

  @Override
  public String describe() {
    return (methods == null ? "every line start" : "the line starts of " + methods.size() + " methods") + (thread == null ? "" : " in thread " + thread);
  }

  @Override
  public boolean matches(ReferenceType type) {
    String n = type.name();
    if (methods != null && methods.stream().noneMatch(m -> m.startsWith(n + "."))) {
      return false;
    }
    if (n.endsWith("[]") || Target.stepExcluded(n)) {
      return false;
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
