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

  /** The size of one {@code struct iovec} (base, length) on 64-bit Linux. */
  private static final int IOVEC = 16;

  /** The total length of the {@code count} buffers an iovec array at {@code iov} describes. */
  public static long iovecLength(long iov, int count) {
    long total = 0;
    for (int i = 0; i < count; i++) {
      total += getLong(iov + (long) i * IOVEC + 8);
    }
    return total;
  }

  /**
   * Copies bytes {@code [at, at + n)} of the buffers an iovec array describes to {@code b[0..n)},
   * or, {@code toMemory}, from {@code b[0..n)} into them (a scattering read, a gathering write).
   */
  public static void iovecCopy(long iov, int count, byte[] b, int at, int n, boolean toMemory) {
    copy(iov, count, at, b, 0, n, toMemory);
  }

  /**
   * Copies bytes {@code [at, at + n)} of a native I/O call's memory to {@code b[off..off+n)}, or,
   * {@code toMemory}, from there into it. The memory is one buffer at {@code address} if {@code
   * iovcnt} is 0, else the buffers of {@code iovcnt} iovecs at {@code address}. The recorder copies
   * a read's bytes straight into its event block this way, and replay copies them back out of the
   * block, with no array in between.
   */
  public static void copy(long address, int iovcnt, long at, byte[] b, int off, int n, boolean toMemory) {
    if (iovcnt == 0) {
      if (toMemory) {
        write(address + at, b, off, n);
      } else {
        read(address + at, b, off, n);
      }
      return;
    }
    long skip = at;
    int done = 0;
    for (int i = 0; i < iovcnt && done < n; i++) {
      long base = getLong(address + (long) i * IOVEC);
      long size = getLong(address + (long) i * IOVEC + 8);
      if (skip >= size) {
        skip -= size;
        continue;
      }
      int len = (int) Math.min(size - skip, n - done);
      if (toMemory) {
        write(base + skip, b, off + done, len);
      } else {
        read(base + skip, b, off + done, len);
      }
      skip = 0;
      done += len;
    }
  }
}
