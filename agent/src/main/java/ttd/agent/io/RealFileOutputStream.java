package ttd.agent.io;

import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import ttd.runtime.RealFileOutput;

/** Calls {@code FileOutputStream}'s private natives through method handles (see {@link RealFileInputStream}). */
public final class RealFileOutputStream implements RealFileOutput {

  private static final MethodHandle OPEN0;
  private static final MethodHandle WRITE_BYTES;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(FileOutputStream.class, MethodHandles.lookup());
      OPEN0 =
          l.findVirtual(
              FileOutputStream.class, "open0", MethodType.methodType(void.class, String.class, boolean.class));
      WRITE_BYTES =
          l.findVirtual(
              FileOutputStream.class,
              "writeBytes",
              MethodType.methodType(void.class, byte[].class, int.class, int.class, boolean.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public void open0(FileOutputStream out, String path, boolean append) throws IOException {
    try {
      OPEN0.invokeExact(out, path, append);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }

  @Override
  public void writeBytes(FileOutputStream out, byte[] b, int off, int len, boolean append)
      throws IOException {
    try {
      WRITE_BYTES.invokeExact(out, b, off, len, append);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }
}
