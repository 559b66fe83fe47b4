package ttd.agent.session;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import ttd.log.EventKind;
import ttd.runtime.FileInputOp;
import ttd.runtime.RealFileInput;

/**
 * Files read through {@code FileInputStream}, and standard input: which streams are the
 * program's, and how each native call on them is recorded and replayed.
 *
 * <p>A read of standard input or of a child's pipe, which may wait for another process, gives up
 * the scheduler's baton while it waits ({@link Blocking}), so the program's other threads (the one
 * that writes the child's input, say) go on.
 *
 * <p>A stream is the program's if it reads standard input or a child process's pipe, or if the
 * program opened it (see {@link ProgramInputs}), whatever the file: a device, {@code /proc}. For those, a
 * recording logs each open (and its failure), each read's bytes and result, and each skip,
 * length, position and availability; a replay performs none of them and hands back the logged
 * results, so it runs where the files no longer exist. Errors are logged as a marker value and
 * thrown again in replay. A replayed stream holds a descriptor of {@code /dev/null}, so that its
 * {@code FileChannel} has a descriptor to work on (its calls are answered by {@link NioChannels}).
 */
final class FileInputs {

  /** The logged value of a call that threw. */
  static final long FAILED = Long.MIN_VALUE;

  private final ProgramFiles programs;
  private final ProgramFds fds;
  /** Where a read of standard input or a child's pipe gives up the baton while it waits. */
  private final Blocking blocking;

  FileInputs(ProgramFiles programs, ProgramFds fds, Blocking blocking) {
    this.programs = programs;
    this.fds = fds;
    this.blocking = blocking;
  }

  /** Decides (at open) or looks up whether the stream is the program's. */
  boolean captures(int op, FileInputStream in, Object arg) {
    if (op == FileInputOp.OPEN) {
      return programs.opened(in, (String) arg, false);
    }
    if (programs.contains(in)) {
      return true;
    }
    try {
      return in.getFD() == FileDescriptor.in || fds.path(in.getFD()) != null;
    } catch (IOException e) {
      return false;
    }
  }

  long exchange(
      Exchange s, ThreadState t, RealFileInput real, int op, FileInputStream in, Object arg,
      byte[] b, int off, int len)
      throws IOException {
    if (op == FileInputOp.OPEN) {
      String path = (String) arg;
      String failure = null;
      if (s.performsRealIo()) {
        try {
          real.open0(in, path);
        } catch (FileNotFoundException e) {
          failure = String.valueOf(e.getMessage());
        }
      }
      failure = s.exchangePair(t, EventKind.FILE_OPEN, path, failure);
      if (failure != null) {
        throw new FileNotFoundException(failure);
      }
      if (!s.performsRealIo()) {
        real.open0(in, "/dev/null"); // a real descriptor for getChannel(); reads come from the log
      }
      fds.opened(ProgramFds.number(in.getFD()), path);
      return 0;
    }
    if (op == FileInputOp.READ_BYTES && NativeBounds.outside(b, off, len)) {
      return FileInputOp.real(real, op, in, arg, b, off, len); // throws before any read
    }
    IOException error = null;
    long result = 0;
    // a read that may wait for another process lets the other threads run meanwhile, in record,
    // and has the recorded hand-overs at the same point in replay
    boolean waits = (op == FileInputOp.READ_BYTE || op == FileInputOp.READ_BYTES || op == FileInputOp.SKIP)
        && fds.mayBlock(in.getFD());
    if (waits) {
      blocking.begin(t, "a read of " + (in.getFD() == FileDescriptor.in ? "standard input" : fds.path(in.getFD())));
    }
    try {
      if (s.performsRealIo()) {
        try {
          result = FileInputOp.real(real, op, in, arg, b, off, len);
        } catch (IOException e) {
          error = e;
          result = FAILED;
        }
      }
    } finally {
      if (waits) {
        blocking.end(t);
      }
    }
    if (op == FileInputOp.READ_BYTES) {
      result = s.exchangeRead(t, result == FAILED ? Integer.MIN_VALUE : (int) result, b, off, len);
      result = result == Integer.MIN_VALUE ? FAILED : result;
    } else {
      result = s.exchangeLong(t, kind(op), 0, result);
    }
    if (result == FAILED) {
      throw error != null ? error : new IOException("the recorded read failed here");
    }
    return result;
  }

  private static EventKind kind(int op) {
    switch (op) {
      case FileInputOp.READ_BYTE:
        return EventKind.FILE_READ_BYTE;
      case FileInputOp.LENGTH:
        return EventKind.FILE_LENGTH;
      case FileInputOp.POSITION:
        return EventKind.FILE_POSITION;
      case FileInputOp.SKIP:
        return EventKind.FILE_SKIP;
      case FileInputOp.AVAILABLE:
        return EventKind.FILE_AVAILABLE;
      case FileInputOp.IS_REGULAR_FILE:
        return EventKind.FILE_IS_REGULAR;
      default:
        throw new IllegalArgumentException("no event for FileInputStream operation " + op);
    }
  }
}
