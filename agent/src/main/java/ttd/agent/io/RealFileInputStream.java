package ttd.agent.io;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import ttd.runtime.RealFileInput;

/**
 * Calls {@code FileInputStream}'s private natives through method handles.
 *
 * <p>The launcher opens {@code java.io} to the agent's loader (only), which is what {@code
 * privateLookupIn} needs. {@code isRegularFile0} exists on JDK 21+ only.
 */
public final class RealFileInputStream implements RealFileInput {

  private static final MethodHandle OPEN0;
  private static final MethodHandle READ0;
  private static final MethodHandle READ_BYTES;
  private static final MethodHandle LENGTH0;
  private static final MethodHandle POSITION0;
  private static final MethodHandle SKIP0;
  private static final MethodHandle AVAILABLE0;
  private static final MethodHandle IS_REGULAR_FILE0;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(FileInputStream.class, MethodHandles.lookup());
      Class<?> c = FileInputStream.class;
      OPEN0 = l.findVirtual(c, "open0", MethodType.methodType(void.class, String.class));
      READ0 = l.findVirtual(c, "read0", MethodType.methodType(int.class));
      READ_BYTES =
          l.findVirtual(c, "readBytes", MethodType.methodType(int.class, byte[].class, int.class, int.class));
      LENGTH0 = l.findVirtual(c, "length0", MethodType.methodType(long.class));
      POSITION0 = l.findVirtual(c, "position0", MethodType.methodType(long.class));
      SKIP0 = l.findVirtual(c, "skip0", MethodType.methodType(long.class, long.class));
      AVAILABLE0 = l.findVirtual(c, "available0", MethodType.methodType(int.class));
      MethodHandle regular;
      try {
        regular = l.findVirtual(c, "isRegularFile0", MethodType.methodType(boolean.class, FileDescriptor.class));
      } catch (NoSuchMethodException e) {
        regular = null;
      }
      IS_REGULAR_FILE0 = regular;
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public void open0(FileInputStream in, String path) throws IOException {
    try {
      OPEN0.invokeExact(in, path);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }

  @Override
  public int read0(FileInputStream in) throws IOException {
    try {
      return (int) READ0.invokeExact(in);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }

  @Override
  public int readBytes(FileInputStream in, byte[] b, int off, int len) throws IOException {
    try {
      return (int) READ_BYTES.invokeExact(in, b, off, len);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }

  @Override
  public long length0(FileInputStream in) throws IOException {
    return longCall(LENGTH0, in);
  }

  @Override
  public long position0(FileInputStream in) throws IOException {
    return longCall(POSITION0, in);
  }

  @Override
  public long skip0(FileInputStream in, long n) throws IOException {
    try {
      return (long) SKIP0.invokeExact(in, n);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }

  @Override
  public int available0(FileInputStream in) throws IOException {
    try {
      return (int) AVAILABLE0.invokeExact(in);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }

  @Override
  public boolean isRegularFile0(FileInputStream in, FileDescriptor fd) {
    try {
      return (boolean) IS_REGULAR_FILE0.invokeExact(in, fd);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  private static long longCall(MethodHandle h, FileInputStream in) throws IOException {
    try {
      return (long) h.invokeExact(in);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }
}
