package ttd.agent.session;

import java.util.concurrent.atomic.AtomicLong;
import static ttd.runtime.NativeIoOp.*;

import java.io.IOException;
import java.io.RandomAccessFile;
import ttd.log.EventKind;
import ttd.runtime.RealCalls;

/**
 * {@code RandomAccessFile}s on the program's files: the open (with its mode), reads with their
 * bytes, writes, seeks, the file pointer, the length and length changes.
 *
 * <p>Recording performs each and logs it; replay gives back the logged results and bytes, compares
 * the writes, and performs none of them: the replayed file is {@code /dev/null}, opened in the
 * file's place so that the descriptor (and {@code getChannel()}) stay usable.
 */
final class RandomAccessFiles {

  private static final int READ_ONLY = 1;
  private final ProgramFiles programs;
  private final ProgramFds fds;
  /** Numbers every output (stdout, stderr, files) so replay can check their order. */
  private final AtomicLong outputs;
  /** The program's files mapped shared, to whose shadows replay applies the writes. */
  private final MappedFiles mappings;

  RandomAccessFiles(ProgramFiles programs, ProgramFds fds, AtomicLong outputs, MappedFiles mappings) {
    this.programs = programs;
    this.fds = fds;
    this.outputs = outputs;
    this.mappings = mappings;
  }

  Object call(Exchange s, ThreadState t, RealCalls real, int op, Object[] a) throws Exception {
    RandomAccessFile raf = (RandomAccessFile) a[0];
    if (op == RAF_OPEN ? !programs.opened(raf, (String) a[1], (int) a[2] != READ_ONLY) : !programs.contains(raf)) {
      return real.call(op, a);
    }
    switch (op) {
      case RAF_OPEN:
        NativeCalls.logged(s, t, real, EventKind.RANDOM_ACCESS, NativeCalls.key(op, a[2], a[1]), op, a, null);
        if (!s.performsRealIo()) {
          real.call(op, new Object[] {raf, "/dev/null", (int) a[2] == READ_ONLY ? READ_ONLY : 2});
        }
        fds.opened(ProgramFds.number(raf.getFD()), (String) a[1]);
        return null;
      case RAF_READ:
        int value = Integer.MIN_VALUE;
        IOException error = null;
        if (s.performsRealIo()) {
          try {
            value = (int) real.call(op, a);
          } catch (IOException e) {
            error = e;
          }
        }
        value = (int) s.exchangeLong(t, EventKind.FILE_READ_BYTE, 0, value);
        return value == Integer.MIN_VALUE ? fail(s, t, error) : value;
      case RAF_READ_BYTES:
        return readBytes(s, t, real, op, a);
      case RAF_WRITE:
      case RAF_WRITE_BYTES:
        byte[] b = op == RAF_WRITE ? new byte[] {(byte) (int) a[1]} : (byte[]) a[1];
        int off = op == RAF_WRITE ? 0 : (int) a[2];
        int len = op == RAF_WRITE ? 1 : (int) a[3];
        if (NativeBounds.outside(b, off, len)) {
          return real.call(op, a); // let the real call throw as it would
        }
        String path = mappings.mappedPath(fds, raf.getFD());
        long at = path != null
            ? (long) NativeCalls.logged(
                s, t, real, EventKind.RANDOM_ACCESS, NativeCalls.key(RAF_POSITION, path), RAF_POSITION,
                new Object[] {raf}, null)
            : -1;
        s.exchangeOutput(t, EventKind.FILE_WRITE, outputs.getAndIncrement(), b, off, len);
        Object done = NativeCalls.logged(s, t, real, EventKind.RANDOM_ACCESS, NativeCalls.key(op), op, a, null);
        if (path != null) {
          mappings.written(s, path, at, b, off, len);
        }
        return done;
      default:
        Object arg = a.length > 1 ? a[1] : "";
        Object result = NativeCalls.logged(s, t, real, EventKind.RANDOM_ACCESS, NativeCalls.key(op, arg), op, a, null);
        String resized = op == RAF_SET_LENGTH ? mappings.mappedPath(fds, raf.getFD()) : null;
        if (resized != null) {
          mappings.resized(s, resized, (long) a[1]);
        }
        return result;
    }
  }

  private static Object readBytes(Exchange s, ThreadState t, RealCalls real, int op, Object[] a)
      throws Exception {
    byte[] b = (byte[]) a[1];
    int off = (int) a[2];
    int len = (int) a[3];
    if (NativeBounds.outside(b, off, len)) {
      return real.call(op, a); // let the real call throw as it would
    }
    int n = 0;
    IOException error = null;
    if (s.performsRealIo()) {
      try {
        n = (int) real.call(op, a);
      } catch (IOException e) {
        error = e;
        n = Integer.MIN_VALUE;
      }
    }
    n = s.exchangeRead(t, n, b, off, len);
    return n == Integer.MIN_VALUE ? fail(s, t, error) : n;
  }

  private static Object fail(Exchange s, ThreadState t, IOException error) throws IOException {
    String message = s.exchangeString(t, EventKind.IO_ERROR, 0, error == null ? null : String.valueOf(error.getMessage()));
    throw error != null ? error : new IOException(message);
  }
}
