package ttd.agent.io;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Reads and writes the native memory the socket and selector natives work on (direct buffers,
 * iovec arrays, epoll event arrays), through {@code jdk.internal.misc.Unsafe}.
 *
 * <p>A recording copies what a read filled in out of that memory; a replay writes the logged bytes
 * and events into it, as the native would have.
 */
public final class NativeMemory {

  private static final MethodHandle COPY;
  private static final MethodHandle GET_INT;
  private static final MethodHandle PUT_INT;
  private static final MethodHandle GET_LONG;
  private static final long BYTES_BASE;

  static {
    try {
      Class<?> u = Class.forName("jdk.internal.misc.Unsafe");
      MethodHandles.Lookup l = MethodHandles.lookup();
      Object unsafe = l.findStatic(u, "getUnsafe", MethodType.methodType(u)).invoke();
      COPY =
          l.findVirtual(
                  u,
                  "copyMemory",
                  MethodType.methodType(
                      void.class, Object.class, long.class, Object.class, long.class, long.class))
              .bindTo(unsafe);
      GET_INT = l.findVirtual(u, "getInt", MethodType.methodType(int.class, long.class)).bindTo(unsafe);
      PUT_INT =
          l.findVirtual(u, "putInt", MethodType.methodType(void.class, long.class, int.class))
              .bindTo(unsafe);
      GET_LONG = l.findVirtual(u, "getLong", MethodType.methodType(long.class, long.class)).bindTo(unsafe);
      MethodHandle base;
      try {
        base = l.findVirtual(u, "arrayBaseOffset", MethodType.methodType(int.class, Class.class));
      } catch (NoSuchMethodException jdk25) { // returns long since JDK 23
        base = l.findVirtual(u, "arrayBaseOffset", MethodType.methodType(long.class, Class.class));
      }
      BYTES_BASE = ((Number) base.invoke(unsafe, byte[].class)).longValue();
    } catch (Throwable t) {
      throw new ExceptionInInitializerError(t);
    }
  }

  private NativeMemory() {}

  /** Copies {@code len} bytes at {@code address} into {@code b[off..]}. */
  public static void read(long address, byte[] b, int off, int len) {
    try {
      COPY.invokeExact((Object) null, address, (Object) b, BYTES_BASE + off, (long) len);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  /** Copies {@code b[off..off+len)} to {@code address}. */
  public static void write(long address, byte[] b, int off, int len) {
    try {
      COPY.invokeExact((Object) b, BYTES_BASE + off, (Object) null, address, (long) len);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  public static int getInt(long address) {
    try {
      return (int) GET_INT.invokeExact(address);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  public static void putInt(long address, int value) {
    try {
      PUT_INT.invokeExact(address, value);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  public static long getLong(long address) {
    try {
      return (long) GET_LONG.invokeExact(address);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }
}
