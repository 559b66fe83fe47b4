package ttd.debug.requests;

import com.sun.jdi.ClassLoaderReference;
import com.sun.jdi.Field;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import com.sun.jdi.Value;
import ttd.debug.replayvm.Target;

/**
 * Line starts of the program's own classes (not the JDK's, not ttd's): what reverse-step,
 * reverse-next and reverse-finish observe to find the line executed before the current one. Only
 * those {@code thread} reaches (null: any thread's), and only in {@code methods} (keys {@link
 * #method}; null: every method): reverse-next and reverse-finish look at the methods on the
 * thread's stack alone, so a call that runs long in between costs nothing. With {@code
 * entries}, only each method's entry (its first instruction): what the index of first entries
 * observes ({@code time.FirstEntries}).
 */
public record LineArrivals(String thread, java.util.Set<String> methods, boolean entries) implements Spec {

  /** Every line start of every thread. */
  public LineArrivals() {
    this(null, null, false);
  }

  /** The line starts {@code thread} reaches in {@code methods}. */
  public LineArrivals(String thread, java.util.Set<String> methods) {
    this(thread, methods, false);
  }

  /** The entry of every method of the program's classes, in any thread. */
  public static LineArrivals methodEntries() {
    return new LineArrivals(null, null, true);
  }

  /** How {@code methods} names a method: its class, name and signature. */
  public static String method(com.sun.jdi.Method m) {
    return m.declaringType().name() + "." + m.name() + m.signature();
  }

  /**
   * Whether these are every line start of one thread: those are installed as the thread reaches
   * each method ({@link FollowedLines}), not on every line of every class.
   */
  public boolean followsOneThread() {
    return thread != null && methods == null && !entries;
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
    String what = entries ? "the entry of every method" : methods == null ? "every line start" : "the line starts of " + methods.size() + " methods";
    return what + (thread == null ? "" : " in thread " + thread);
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
