package ttd.debug.requests;

import com.sun.jdi.ReferenceType;

/**
 * What the user asked to stop at, independent of any one replay JVM: a replay JVM gets it as JDI
 * requests when (or as soon as) the class is loaded, and a new replay JVM gets the same spec
 * again, so a breakpoint outlives every JVM it was set in.
 */
public sealed interface Spec permits LineBreakpoint, MethodBreakpoint, FieldWatch, ExceptionCatch, LineArrivals, CodeLocation, ClientRequest {

  /** The class name as the user gave it (binary name, or simple name). */
  String className();

  /** How the console names it, e.g. {@code breakpoint shop.Cart:42}. */
  String describe();

  /** Whether {@code type} is a class this spec applies to. */
  default boolean matches(ReferenceType type) {
    return ClassNames.matches(className(), type.name());
  }

  /**
   * The expression that must be true at a hit for it to count ({@code stop at Cart:42 if total <
   * 0}), checked by the console at each hit; null for a spec that counts every hit.
   */
  default String condition() {
    return null;
  }

  /** The class names whose loading a deferred spec waits for (JDI class filter patterns). */
  default String[] preparePatterns() {
    return ClassNames.patterns(className());
  }
}
