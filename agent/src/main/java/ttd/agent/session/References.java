package ttd.agent.session;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.Reference;
import ttd.runtime.ReferenceHooks;

/**
 * Which observed references ttd answers from the log ({@link ReferenceHooks#answered}), and
 * clearing one as the collector would.
 */
public final class References {

  private static final MethodHandle CLEAR;

  static {
    try {
      CLEAR = MethodHandles.privateLookupIn(Reference.class, MethodHandles.lookup())
          .findVirtual(Reference.class, "clear0", MethodType.methodType(void.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private References() {}

  /** Whether the log answers observations of {@code ref}: a weak or soft reference without a queue. */
  public static boolean answered(Reference<?> ref) {
    return ReferenceHooks.answered(ref);
  }

  /** Clears {@code ref} as the collector does (not through a {@code clear()} a subclass may override). */
  public static void clear(Reference<?> ref) {
    try {
      CLEAR.invokeExact(ref);
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }
}
