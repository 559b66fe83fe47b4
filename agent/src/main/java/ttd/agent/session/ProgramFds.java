package ttd.agent.session;

import java.io.FileDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The file descriptors and directory handles that are the program's own files, by number, with
 * the path each was opened on.
 *
 * <p>A descriptor is noted when the program opens one of its files (through {@code java.nio} or a
 * file stream) and forgotten when it is closed or taken over by a directory listing. In a replay
 * the numbers are those of {@code /dev/null} descriptors the replay opened in their place, so
 * closing them stays harmless; directory handles in a replay are invented numbers that never
 * reach the real {@code closedir}.
 */
final class ProgramFds {

  /** A listing in progress: its directory, and (replay) the descriptor to close with it. */
  static final class Directory {
    final String path;
    final boolean invented;
    final int fdToClose;

    Directory(String path, boolean invented, int fdToClose) {
      this.path = path;
      this.invented = invented;
      this.fdToClose = fdToClose;
    }
  }

  private static final MethodHandle FD;

  static {
    try {
      FD = MethodHandles.privateLookupIn(FileDescriptor.class, MethodHandles.lookup())
          .findGetter(FileDescriptor.class, "fd", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Map<Integer, String> fds = new ConcurrentHashMap<>();
  /** The descriptors among them that are pipes (to a child process, or the process's own), whose reads and writes may block. */
  private final Set<Integer> pipes = ConcurrentHashMap.newKeySet();
  private final Map<Long, Directory> dirs = new ConcurrentHashMap<>();
  private final AtomicLong invented = new AtomicLong(0x7ddd_0000_0000_0000L);

  static int number(FileDescriptor fd) {
    try {
      return fd == null ? -1 : (int) FD.invokeExact(fd);
    } catch (Throwable t) {
      return -1;
    }
  }

  void opened(int fd, String path) {
    if (fd >= 0) {
      fds.put(fd, path);
      pipes.remove(fd);
    }
  }

  /** Notes a pipe to a child process, or an end of a pipe the process made, named {@code name}. */
  void openedPipe(int fd, String name) {
    if (fd >= 0) {
      fds.put(fd, name);
      pipes.add(fd);
    }
  }

  /**
   * Whether a read or write of {@code fd} may wait for another process: standard input, or a pipe
   * to a child.
   */
  boolean mayBlock(FileDescriptor fd) {
    return fd == FileDescriptor.in || !pipes.isEmpty() && pipes.contains(number(fd));
  }

  /** The path of a program's descriptor, or null if the descriptor is not one. */
  String path(int fd) {
    return fd < 0 ? null : fds.get(fd);
  }

  String path(FileDescriptor fd) {
    return fds.isEmpty() ? null : path(number(fd));
  }

  void closed(int fd) {
    if (!fds.isEmpty()) {
      fds.remove(fd);
      pipes.remove(fd);
    }
  }

  /** Notes a listing; a replay passes 0 and gets an invented handle. */
  long listing(long handle, String path, int fdToClose) {
    long h = handle != 0 ? handle : invented.incrementAndGet();
    dirs.put(h, new Directory(path, handle == 0, fdToClose));
    return h;
  }

  Directory directory(long handle) {
    return dirs.isEmpty() ? null : dirs.get(handle);
  }

  Directory endListing(long handle) {
    return dirs.isEmpty() ? null : dirs.remove(handle);
  }
}
