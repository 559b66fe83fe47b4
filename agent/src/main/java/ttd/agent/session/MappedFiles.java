package ttd.agent.session;

import static ttd.runtime.NativeIoOp.SEEK;

import java.io.FileDescriptor;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import ttd.log.EventKind;
import ttd.runtime.RealCalls;

/**
 * The program's files it has mapped into memory shared (read-only or for writing), in both modes,
 * and where every later write to one of them went. A shared mapping shows whatever reaches the
 * file, by any path: a writable mapping of it, a channel's write, a {@code RandomAccessFile}'s or a
 * {@code FileOutputStream}'s. Replay reads no program file and maps the file's shadow instead
 * ({@link ShadowFiles}), so each such write logs its position in the recording and the replay
 * applies it to the shadow. Writes other processes make to the file still do not reach it. A new
 * length the program gives the file reaches the shadow too: pages past the end read as zeros, or
 * fault, as they did.
 */
final class MappedFiles {

  private final Set<String> paths = new HashSet<>();
  /** Whether {@link #paths} has any: most programs map nothing, and every file write asks. */
  private volatile boolean any;
  private final ShadowFiles shadows = new ShadowFiles();
  /**
   * The real calls of the first mapping, which answer a descriptor's position for the
   * writes that reach no call of their own that could ({@code FileOutputStream}'s).
   */
  private volatile RealCalls seeks;

  /** Notes that the program mapped {@code path} shared. */
  void mapped(String path, RealCalls real) {
    seeks = real;
    synchronized (paths) {
      paths.add(path);
    }
    any = true;
  }

  /** Whether the program has mapped {@code path} shared. */
  boolean covers(String path) {
    if (!any) {
      return false;
    }
    synchronized (paths) {
      return paths.contains(path);
    }
  }

  /**
   * The program's file {@code fd} is open on, if the program has mapped it shared; else null. Asks
   * nothing while nothing is mapped: every write to a file and stream asks.
   */
  String mappedPath(ProgramFds fds, FileDescriptor fd) {
    if (!any) {
      return null;
    }
    String path = fds.path(fd);
    return path != null && covers(path) ? path : null;
  }

  /** The shadow replay maps {@code path}'s region from, at least {@code end} bytes long. */
  java.nio.channels.FileChannel shadow(String path, long end) throws IOException {
    return shadows.covering(path, end);
  }

  /**
   * The current position of {@code fd} on {@code path}, logged while recording (the descriptor's
   * {@code lseek}) and taken from the log in replay, where the descriptor is {@code /dev/null}.
   */
  long position(Exchange s, ThreadState t, RealCalls real, FileDescriptor fd, String path) throws IOException {
    try {
      return (long) NativeCalls.logged(
          s, t, real == null ? seeks : real, EventKind.CHANNEL_CALL, NativeCalls.key(SEEK, path, "[-1]"), SEEK,
          new Object[] {fd, -1L}, null);
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
  }

  /** Applies, in replay, a new length the program gave {@code path}. */
  void resized(Exchange s, String path, long length) throws IOException {
    if (!s.performsRealIo()) {
      shadows.resized(path, length);
    }
  }

  /** Applies, in replay, {@code count} bytes the program wrote at {@code position} of {@code path}. */
  void written(Exchange s, String path, long position, byte[] bytes, int off, int count) throws IOException {
    if (!s.performsRealIo()) {
      shadows.written(path, position, bytes, off, count);
    }
  }
}
