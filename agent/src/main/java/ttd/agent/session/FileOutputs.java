package ttd.agent.session;

import java.util.concurrent.atomic.AtomicLong;
import java.io.FileDescriptor;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import ttd.log.EventKind;
import ttd.runtime.RealFileOutput;

/**
 * Output through {@code FileOutputStream}: standard output and error, and the program's files.
 *
 * <p>Everything the program prints is logged with its global order and, in replay, compared with
 * the log before it is printed again. Writes to the program's files are logged while recording and
 * compared, not performed, in replay: a replay creates and changes no file. Opens are logged with
 * their failure and replayed without touching the file system. A write to a child's pipe gives up
 * the scheduler's baton while it waits for room ({@link Blocking}).
 */
final class FileOutputs {

  private final ProgramFiles programs;
  private final ProgramFds fds;
  /** Numbers every output (stdout, stderr, files) so replay can check their order. */
  private final AtomicLong outputs;
  /** The program's files mapped shared, to whose shadows replay applies the writes. */
  private final MappedFiles mappings;

  /** Where a write to a child's pipe gives up the baton while it waits for room. */
  private final Blocking blocking;

  FileOutputs(ProgramFiles programs, ProgramFds fds, AtomicLong outputs, MappedFiles mappings, Blocking blocking) {
    this.programs = programs;
    this.fds = fds;
    this.outputs = outputs;
    this.mappings = mappings;
    this.blocking = blocking;
  }

  void open(Exchange s, ThreadState t, RealFileOutput real, FileOutputStream out, String path, boolean append)
      throws IOException {
    if (!programs.opened(out, path, true)) {
      real.open0(out, path, append);
      return;
    }
    String failure = null;
    if (s.performsRealIo()) {
      try {
        real.open0(out, path, append);
      } catch (FileNotFoundException e) {
        failure = String.valueOf(e.getMessage());
      }
    }
    failure = s.exchangePair(t, EventKind.FILE_WRITE_OPEN, path, failure);
    if (failure != null) {
      throw new FileNotFoundException(failure);
    }
    if (!s.performsRealIo()) {
      real.open0(out, "/dev/null", append); // a real descriptor for getChannel(); writes are compared
    }
    fds.opened(ProgramFds.number(out.getFD()), path);
  }

  void write(Exchange s, ThreadState t, RealFileOutput real, FileOutputStream out, byte[] b, int off, int len,
      boolean append)
      throws IOException {
    FileDescriptor fd = out.getFD();
    EventKind kind =
        fd == FileDescriptor.out
            ? EventKind.STDOUT
            : fd == FileDescriptor.err ? EventKind.STDERR : programs.contains(out) || fds.path(fd) != null ? EventKind.FILE_WRITE : null;
    if (kind == null || len <= 0) {
      real.writeBytes(out, b, off, len, append);
      return;
    }
    if (NativeBounds.outside(b, off, len)) {
      real.writeBytes(out, b, off, len, append); // let the real call throw as it would
      return;
    }
    s.exchangeOutput(t, kind, outputs.getAndIncrement(), b, off, len);
    boolean waits = kind == EventKind.FILE_WRITE && fds.mayBlock(fd);
    if (waits) {
      blocking.begin(t, "a write to " + fds.path(fd)); // a full pipe waits for the child to read
    }
    try {
      if (kind != EventKind.FILE_WRITE || s.performsRealIo()) {
        real.writeBytes(out, b, off, len, append);
      }
    } finally {
      if (waits) {
        blocking.end(t);
      }
    }
    String path = kind == EventKind.FILE_WRITE ? mappings.mappedPath(fds, fd) : null;
    if (path != null) {
      // after the write: with O_APPEND only the write knows where it went
      mappings.written(s, path, mappings.position(s, t, null, fd, path) - len, b, off, len);
    }
  }
}
