package ttd.agent.io;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import ttd.runtime.RealPark;

/**
 * Calls {@code jdk.internal.misc.Unsafe.park/unpark} through method handles (the package is
 * exported to the agent's loader only), for threads the scheduler does not run.
 */
public final class RealUnsafePark implements RealPark {

  private static final MethodHandle PARK;
  private static final MethodHandle UNPARK;

  static {
    try {
      Class<?> unsafe = Class.forName("jdk.internal.misc.Unsafe");
      MethodHandles.Lookup l = MethodHandles.lookup();
      PARK =
          l.findVirtual(unsafe, "park", MethodType.methodType(void.class, boolean.class, long.class))
              .asType(MethodType.methodType(void.class, Object.class, boolean.class, long.class));
      UNPARK =
          l.findVirtual(unsafe, "unpark", MethodType.methodType(void.class, Object.class))
              .asType(MethodType.methodType(void.class, Object.class, Object.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public void park(Object unsafe, boolean absolute, long time) {
    try {
      PARK.invokeExact(unsafe, absolute, time);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  @Override
  public void unpark(Object unsafe, Object thread) {
    try {
      UNPARK.invokeExact(unsafe, thread);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }
}
