package ttd.agent.io;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Copies between native memory and byte arrays: channel reads and writes go through direct
 * buffers, so the file dispatcher's natives get an address, not an array. Uses {@code
 * jdk.internal.misc.Unsafe}, exported to the agent's loader only.
 */
public final class NativeMemory {

  private static final MethodHandle COPY;
  private static final MethodHandle GET_LONG;
  private static final long BYTE_BASE;

  static {
    try {
      Class<?> u = Class.forName("jdk.internal.misc.Unsafe");
      MethodHandles.Lookup l = MethodHandles.lookup();
      Object unsafe = l.findStatic(u, "getUnsafe", MethodType.methodType(u)).invoke();
      COPY =
          l.findVirtual(u, "copyMemory",
                  MethodType.methodType(void.class, Object.class, long.class, Object.class, long.class, long.class))
              .bindTo(unsafe);
      GET_LONG = l.findVirtual(u, "getLong", MethodType.methodType(long.class, long.class)).bindTo(unsafe);
      BYTE_BASE = ((Number) u.getField("ARRAY_BYTE_BASE_OFFSET").get(null)).longValue(); // int on 17, long later
    } catch (Throwable t) {
      throw new ExceptionInInitializerError(t);
    }
  }

  private NativeMemory() {}

  /** {@code len} bytes at {@code address} into {@code b[off..]}. */
  public static void read(long address, byte[] b, int off, int len) {
    try {
      COPY.invokeExact((Object) null, address, (Object) b, BYTE_BASE + off, (long) len);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** {@code b[off..off+len)} to {@code address}. */
  public static void write(byte[] b, int off, long address, int len) {
    try {
      COPY.invokeExact((Object) b, BYTE_BASE + off, (Object) null, address, (long) len);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  public static long getLong(long address) {
    try {
      return (long) GET_LONG.invokeExact(address);
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }
}
