package ttd.agent.session;

import static ttd.runtime.NativeIoOp.*;

import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import ttd.agent.io.NativeMemory;
import ttd.log.EventKind;
import ttd.runtime.RealNativeIo;

/**
 * {@code FileChannel}s on the program's files, at the file dispatcher's natives: reads are logged
 * with their bytes and served from the log in replay (copied to the direct buffer's address the
 * JDK passes); writes are logged and, in replay, compared and not performed; position, size,
 * truncation, locks and syncs are logged and answered from the log.
 *
 * <p>Transfers that would bypass those natives (sendfile, or mapping the file) are declined for
 * the program's channels, so the JDK falls back to reading and writing through them.
 */
final class NioChannels {

  /** {@code sun.nio.ch.IOStatus.UNSUPPORTED}: the JDK then tries its next way to transfer. */
  private static final long UNSUPPORTED = -4;
  private static final MethodHandle CHANNEL_FD;

  static {
    try {
      Class<?> c = Class.forName("sun.nio.ch.FileChannelImpl", false, null);
      CHANNEL_FD = MethodHandles.privateLookupIn(c, MethodHandles.lookup()).findGetter(c, "fd", FileDescriptor.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final ProgramFds fds;

  NioChannels(ProgramFds fds) {
    this.fds = fds;
  }

  Object call(SessionFiles s, ThreadState t, RealNativeIo real, int op, Object[] a) throws Exception {
    if (op >= TRANSFER_TO_DIRECT) {
      return isProgramChannel(a[0]) || isProgramChannel(a[op <= TRANSFER_TO_TRUSTED ? 3 : 1])
          ? UNSUPPORTED
          : real.call(op, a);
    }
    String path = fds.path((FileDescriptor) a[0]);
    if (path == null) {
      return real.call(op, a);
    }
    switch (op) {
      case READ:
      case PREAD:
        return read(s, t, real, op, a, (long) a[1], (int) a[2], 0);
      case READV:
        return (long) read(s, t, real, op, a, (long) a[1], 0, (int) a[2]);
      case WRITE:
      case PWRITE:
      case WRITEV:
        byte[] bytes = op == WRITEV ? gather((long) a[1], (int) a[2], Long.MAX_VALUE) : new byte[(int) a[2]];
        if (op != WRITEV) {
          NativeMemory.read((long) a[1], bytes, 0, bytes.length);
        }
        s.exchangeOutput(t, EventKind.FILE_WRITE, s.outputs.getAndIncrement(), bytes, 0, bytes.length);
        return NativeCalls.logged(s, t, real, EventKind.CHANNEL_CALL, NativeCalls.key(op, path), op, a, null);
      default:
        Object[] args = new Object[a.length - 1];
        System.arraycopy(a, 1, args, 0, args.length);
        return NativeCalls.logged(
            s, t, real, EventKind.CHANNEL_CALL, NativeCalls.key(op, path, java.util.Arrays.toString(args)), op, a,
            null);
    }
  }

  /**
   * A read into native memory: {@code len} bytes at {@code address}, or (readv) the buffers of
   * {@code iovcnt} {@code struct iovec}s at {@code address}.
   */
  private static int read(
      SessionFiles s, ThreadState t, RealNativeIo real, int op, Object[] a, long address, int len, int iovcnt)
      throws Exception {
    IOException error = null;
    int n = 0;
    if (s.performsRealIo()) {
      try {
        Object r = real.call(op, a);
        n = r instanceof Long ? (int) (long) (Long) r : (Integer) r;
      } catch (IOException e) {
        error = e;
        n = Integer.MIN_VALUE;
      }
    }
    n = s.exchangeNativeRead(t, n, address, len, iovcnt);
    if (n == Integer.MIN_VALUE) {
      String message = s.exchangeString(t, EventKind.IO_ERROR, 0, error == null ? null : String.valueOf(error.getMessage()));
      throw error != null ? error : new IOException(message);
    }
    return n;
  }

  /** The first {@code limit} bytes of the buffers an iovec array describes. */
  private static byte[] gather(long iov, int count, long limit) {
    byte[] b = new byte[(int) Math.min(limit, NativeMemory.iovecLength(iov, count))];
    NativeMemory.iovecCopy(iov, count, b, 0, b.length, false);
    return b;
  }

  private boolean isProgramChannel(Object channel) {
    return path(channel) != null;
  }

  /** The program's file a {@code FileChannelImpl} works on, or null. */
  String path(Object channel) {
    if (channel == null || !channel.getClass().getName().equals("sun.nio.ch.FileChannelImpl")) {
      return null;
    }
    try {
      return fds.path((FileDescriptor) CHANNEL_FD.invoke(channel));
    } catch (Throwable e) {
      return null;
    }
  }
}
