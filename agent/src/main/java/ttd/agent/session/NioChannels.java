package ttd.agent.session;

import static ttd.runtime.NativeIoOp.*;

import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.concurrent.atomic.AtomicLong;
import ttd.agent.io.NativeMemory;
import ttd.log.EventKind;
import ttd.runtime.RealCalls;

/**
 * {@code FileChannel}s on the program's files, at the file dispatcher's natives: reads are logged
 * with their bytes and served from the log in replay (copied to the direct buffer's address the
 * JDK passes); writes are logged and, in replay, compared and not performed; position, size,
 * truncation, locks and syncs are logged and answered from the log.
 *
 * <p>The ends of a pipe the process made ({@code Pipe}) are logged the same way; a read or write of
 * one in blocking mode gives up the baton while it runs ({@link #pipe}).
 *
 * <p>Transfers that would bypass those natives (sendfile) are declined for the program's channels,
 * so the JDK falls back to reading and writing through them. Mappings are read when they are made
 * ({@link #map}).
 */
final class NioChannels {

  /** {@code sun.nio.ch.IOStatus.UNSUPPORTED}: the JDK then tries its next way to transfer. */
  private static final long UNSUPPORTED = -4;
  /** {@code sun.nio.ch.IOStatus.UNAVAILABLE}: a non-blocking call found nothing to move. */
  private static final long UNAVAILABLE = -2;
  private static final MethodHandle CHANNEL_FD;

  static {
    try {
      Class<?> c = Class.forName("sun.nio.ch.FileChannelImpl", false, null);
      CHANNEL_FD = MethodHandles.privateLookupIn(c, MethodHandles.lookup()).findGetter(c, "fd", FileDescriptor.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** {@code FileChannelImpl}'s mapping modes, as {@code map0} takes them. */
  private static final int MAP_RW = 1;
  private static final int MAP_PV = 2;

  private final ProgramFds fds;
  /** Numbers every output (stdout, stderr, files) so replay can check their order. */
  private final AtomicLong outputs;
  /** Replay's source of anonymous memory for mappings, opened at the first one. */
  private java.io.FileInputStream devZero;
  /** The program's files mapped shared, to whose shadows replay applies the channels' writes. */
  private final MappedFiles mappings;
  /** Where a read or write of a pipe end in blocking mode gives up the baton while it waits. */
  private final Blocking blocking;

  NioChannels(ProgramFds fds, AtomicLong outputs, MappedFiles mappings, Blocking blocking) {
    this.fds = fds;
    this.outputs = outputs;
    this.mappings = mappings;
    this.blocking = blocking;
  }

  Object call(Exchange s, ThreadState t, RealCalls real, int op, Object[] a) throws Exception {
    if (op >= TRANSFER_TO_DIRECT) {
      return isProgramChannel(a[0]) || isProgramChannel(a[op <= TRANSFER_TO_TRUSTED ? 3 : 1])
          ? UNSUPPORTED
          : real.call(op, a);
    }
    if (op == MAP) {
      return map(s, t, real, a);
    }
    String path = fds.path((FileDescriptor) a[0]);
    if (path == null) {
      return real.call(op, a);
    }
    if (fds.mayBlock((FileDescriptor) a[0]) && (op == READ || op == READV || op == WRITE || op == WRITEV)) {
      return pipe(s, t, real, op, a, path);
    }
    switch (op) {
      case READ:
      case PREAD:
      case READV:
        return read(s, t, real, op, a, null, true);
      case WRITE:
      case PWRITE:
      case WRITEV:
        byte[] bytes = written(op, a);
        long at = op == PWRITE ? (long) a[3] : -1;
        boolean mapped = mappings.covers(path);
        if (mapped && op != PWRITE) {
          at = mappings.position(s, t, real, (FileDescriptor) a[0], path);
        }
        s.exchangeOutput(t, EventKind.FILE_WRITE, outputs.getAndIncrement(), bytes, 0, bytes.length);
        Object n = NativeCalls.logged(s, t, real, EventKind.CHANNEL_CALL, NativeCalls.key(op, path), op, a, null);
        if (mapped) {
          mappings.written(s, path, at, bytes, 0, (int) Math.min(((Number) n).longValue(), Integer.MAX_VALUE));
        }
        return n;
      default:
        Object[] args = new Object[a.length - 1];
        System.arraycopy(a, 1, args, 0, args.length);
        Object result = NativeCalls.logged(
            s, t, real, EventKind.CHANNEL_CALL, NativeCalls.key(op, path, java.util.Arrays.toString(args)), op, a,
            null);
        if (op == TRUNCATE && mappings.covers(path)) {
          mappings.resized(s, path, (long) a[1]);
        }
        return result;
    }
  }

  /**
   * A read or write of an end of the program's own {@code Pipe}: logged like a file's (reads with
   * their bytes, served in replay; writes compared, not performed), since a read finds what the
   * writer wrote by the time it returns, which the replayed schedule alone does not decide once the
   * reader waited. In blocking mode the call gives up the baton while it runs, in record and at
   * the same point in replay, so the thread at the other end runs; a non-blocking call keeps it,
   * and offers its turn when it moved nothing, as a socket's does.
   */
  private Object pipe(Exchange s, ThreadState t, RealCalls real, int op, Object[] a, String path) throws Exception {
    boolean write = op == WRITE || op == WRITEV;
    boolean ready = t.nonBlockingIo;
    Object n;
    if (write) {
      byte[] bytes = written(op, a);
      s.exchangeOutput(t, EventKind.FILE_WRITE, outputs.getAndIncrement(), bytes, 0, bytes.length);
      n = NativeCalls.loggedAcross(blocking, "a write to " + path, ready, s, t, real, EventKind.CHANNEL_CALL,
          NativeCalls.key(op, path), op, a);
    } else {
      n = read(s, t, real, op, a, "a read of " + path, ready);
    }
    long moved = ((Number) n).longValue();
    if (ready && (moved == 0 || moved == UNAVAILABLE)) {
      blocking.offerTurn(t);
    }
    return n;
  }

  /** The bytes a write ({@code write0}, {@code pwrite0}: at an address; {@code writev0}: iovecs) hands over. */
  private static byte[] written(int op, Object[] a) {
    if (op == WRITEV) {
      return gather((long) a[1], (int) a[2], Long.MAX_VALUE);
    }
    byte[] bytes = new byte[(int) a[2]];
    NativeMemory.read((long) a[1], bytes, 0, bytes.length);
    return bytes;
  }

  /**
   * A read into native memory: {@code len} bytes at {@code address} ({@code read0(fd, address,
   * len)}, {@code pread0}), or the buffers of {@code iovcnt} {@code struct iovec}s at {@code
   * address} ({@code readv0}); the count as the native returns it. With {@code what}, the real read
   * runs between {@link Blocking#begin} and {@link Blocking#end}, which keep the baton if {@code
   * ready}.
   */
  private Object read(Exchange s, ThreadState t, RealCalls real, int op, Object[] a, String what, boolean ready)
      throws Exception {
    IOException error = null;
    int n = 0;
    if (what != null) {
      blocking.begin(t, what, ready);
    }
    try {
      if (s.performsRealIo()) {
        try {
          Object r = real.call(op, a);
          n = r instanceof Long ? (int) (long) (Long) r : (Integer) r;
        } catch (IOException e) {
          error = e;
          n = Integer.MIN_VALUE;
        }
      }
    } finally {
      if (what != null) {
        blocking.end(t);
      }
    }
    boolean vector = op == READV;
    n = s.exchangeNativeRead(t, n, (long) a[1], vector ? 0 : (int) a[2], vector ? (int) a[2] : 0);
    if (n == Integer.MIN_VALUE) {
      String message = s.exchangeString(t, EventKind.IO_ERROR, 0, error == null ? null : String.valueOf(error.getMessage()));
      throw error != null ? error : new IOException(message);
    }
    return vector ? (Object) (long) n : (Object) n;
  }

  /**
   * A mapping of a file region into memory ({@code map0(fd or channel, prot, position, length,
   * sync)}, which returns the address). Reads of mapped memory make no call ttd could see, so a
   * mapping of the program's file is taken as one read of the whole region when it is made:
   * recording logs the mapped bytes, and replay maps memory of its own and copies them there. A
   * shared mapping's memory (read-only or writable) is also what other mappings of the region and
   * later writes to the file make it, so replay maps it, and every later mapping of that file, from
   * the file's shadow ({@link ShadowFiles}), to which the program's writes to the file go too
   * ({@link MappedFiles}); changes other processes make do not reach the shadow. A private mapping
   * of a file never mapped shared is anonymous memory (private {@code /dev/zero}, which the JDK's
   * own unmap releases).
   */
  private Object map(Exchange s, ThreadState t, RealCalls real, Object[] a) throws Exception {
    FileDescriptor fd = a[0] instanceof FileDescriptor d ? d : fd(a[0]);
    String path = fds.path(fd);
    long length = (long) a[3];
    if (path == null) {
      return real.call(MAP, a);
    }
    if (length > Integer.MAX_VALUE) {
      s.uncaptured(t, "maps " + length + " bytes of the file " + path + " into memory at once (FileChannel.map)");
      return real.call(MAP, a);
    }
    boolean shadowed = (int) a[1] != MAP_PV || mappings.covers(path);
    if ((int) a[1] != MAP_PV) {
      mappings.mapped(path, real);
    }
    String key = NativeCalls.key(MAP, path, a[2], length);
    long address;
    if (s.performsRealIo()) {
      try {
        address = (long) real.call(MAP, a);
      } catch (Exception e) {
        String failure = NativeOutcomes.ofError(e);
        if (failure != null) {
          s.exchangePair(t, EventKind.CHANNEL_CALL, key, failure);
        }
        throw e;
      }
      s.exchangePair(t, EventKind.CHANNEL_CALL, key, NativeOutcomes.ofResult(length));
    } else {
      NativeOutcomes.result(s.exchangePair(t, EventKind.CHANNEL_CALL, key, null)); // throws a recorded failure
      address = shadowed ? shadowed(real, a, path, length) : anonymous(real, a, length);
    }
    s.exchangeNativeRead(t, (int) length, address, (int) length, 0);
    return address;
  }

  /** {@code length} bytes of private, writable memory mapped from {@code /dev/zero} (replay). */
  private Object anonymousSource(Object[] a) throws IOException {
    if (devZero == null) {
      devZero = new java.io.FileInputStream("/dev/zero");
    }
    return a[0] instanceof FileDescriptor ? devZero.getFD() : devZero.getChannel();
  }

  private long anonymous(RealCalls real, Object[] a, long length) throws Exception {
    return (long) real.call(MAP, new Object[] {anonymousSource(a), MAP_PV, 0L, length, false});
  }

  /**
   * {@code length} bytes of the shadow of {@code path} at the mapping's position (replay): shared
   * and writable, or private for a private mapping, so the recorded bytes can be copied in.
   */
  private long shadowed(RealCalls real, Object[] a, String path, long length) throws Exception {
    long position = (long) a[2];
    java.nio.channels.FileChannel shadow = mappings.shadow(path, position + length);
    Object source = a[0] instanceof FileDescriptor ? fd(shadow) : shadow;
    int prot = (int) a[1] == MAP_PV ? MAP_PV : MAP_RW;
    return (long) real.call(MAP, new Object[] {source, prot, position, length, false});
  }

  private FileDescriptor fd(Object channel) {
    try {
      return (FileDescriptor) CHANNEL_FD.invoke(channel);
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
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
