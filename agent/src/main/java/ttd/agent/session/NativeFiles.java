package ttd.agent.session;

import static ttd.runtime.NativeIoOp.*;

import java.io.FileDescriptor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import ttd.log.EventKind;
import ttd.runtime.RealCalls;

/**
 * The file system as {@code java.nio.file} sees it (opens, attributes, access, real paths,
 * directory listings, changes) and {@code java.io.File}'s changes, for the program's own files.
 *
 * <p>Recording performs each call and logs its outcome; replay answers from the log. A replay
 * never opens, lists, changes or syncs the program's files: where the program gets a descriptor, the
 * replay opens {@code /dev/null} instead (opening it changes nothing and closing it stays
 * harmless), and where it gets a directory handle, an invented number the real {@code closedir}
 * never sees. Since every such descriptor is {@code /dev/null}, the device and inode that key the
 * JVM's table of file locks come from the log too. Accesses that are not the program's ({@link
 * ProgramInputs}) pass through.
 * File channels are in {@link NioChannels}, child processes in {@link Processes}.
 */
final class NativeFiles {

  private static final int O_RDWR = 2;
  /** {@code O_WRONLY}, {@code O_RDWR}, {@code O_CREAT}, {@code O_TRUNC}, {@code O_APPEND}: an open that changes the file. */
  static final int WRITING_FLAGS = 01 | 02 | 0100 | 01000 | 02000;
  private static final byte[] DEV_NULL = "/dev/null".getBytes(StandardCharsets.ISO_8859_1);

  private final ProgramFds fds = new ProgramFds();
  private final NioChannels channels;
  private final Processes processes = new Processes(fds);

  /**
   * @param outputs numbers every output, so replay can check their order
   * @param mappings the program's files mapped shared
   * @param blocking where a pipe's read or write gives up the baton while it waits
   */
  NativeFiles(AtomicLong outputs, MappedFiles mappings, Blocking blocking) {
    channels = new NioChannels(fds, outputs, mappings, blocking);
  }

  /** Records the program's child processes with rr from now on. */
  void recordNativeChildren(NativeChildRecorder recorder) {
    processes.recordNativeChildren(recorder);
  }

  ProgramFds fds() {
    return fds;
  }

  /** The program's file a {@code FileChannelImpl} works on, or null. */
  String channelPath(Object channel) {
    return channels.path(channel);
  }

  Object call(Exchange s, ThreadState t, RealCalls real, int op, Object[] a) throws Exception {
    if (op >= READ && op <= TRANSFER_FROM_DIRECT) {
      return channels.call(s, t, real, op, a);
    }
    if (op >= PROCESS_FORK && op <= PROCESS_LIST) {
      return processes.call(s, t, real, op, a);
    }
    switch (op) {
      case OPEN:
        return open(s, t, real, op, a, String.valueOf(a[0]));
      case OPENAT:
        String dir = fds.path((int) a[0]);
        return dir == null ? real.call(op, a) : open(s, t, real, op, a, dir + "/" + NativeCalls.latin1((byte[]) a[1]));
      case OPENDIR:
      case FDOPENDIR:
        return openListing(s, t, real, op, a);
      case READDIR:
        ProgramFds.Directory listed = fds.directory((long) a[0]);
        return listed == null
            ? real.call(op, a)
            : NativeCalls.logged(s, t, real, EventKind.DIRECTORY_ENTRY, listed.path, op, a, null);
      case STAT:
      case LSTAT:
      case STAT_ERRNO:
      case STATVFS:
        return query(s, t, real, op, a, String.valueOf(a[0]), a[1], "");
      case STAT_MODE:
      case EXISTS:
      case REALPATH:
      case READLINK:
        return query(s, t, real, op, a, String.valueOf(a[0]), null, "");
      case ACCESS:
      case ACCESS_ERRNO:
        return query(s, t, real, op, a, String.valueOf(a[0]), null, a[1]);
      case FSTAT:
        return query(s, t, real, op, a, fds.path((int) a[0]), a[1], "");
      case FSTATAT:
        String at = fds.path((int) a[0]);
        return query(s, t, real, op, a, at == null ? null : at + "/" + NativeCalls.latin1((byte[]) a[1]), a[3], a[2]);
      case FILE_KEY:
        return query(s, t, real, op, a, fds.path(keyedFile(a)), a[keyedFileAt(a) == 1 ? 0 : 1], "");
      case FD_SYNC:
        String synced = fds.path((FileDescriptor) a[0]);
        return synced == null
            ? real.call(op, a)
            : NativeCalls.logged(s, t, real, EventKind.CHANNEL_CALL, NativeCalls.key(op, synced), op, a, null);
      default:
        return change(s, t, real, op, a);
    }
  }

  /** The descriptor a {@code FileKey.init} asks about; the other argument is what it fills in. */
  static FileDescriptor keyedFile(Object[] a) {
    return (FileDescriptor) a[keyedFileAt(a)];
  }

  /**
   * Where {@code FileKey.init}'s descriptor is among {@code a}: JDK 17's {@code init(fd)} fills the
   * key it is called on (the receiver first), 25's {@code init(fd, finfo)} an array.
   */
  private static int keyedFileAt(Object[] a) {
    return a[1] instanceof FileDescriptor ? 1 : 0;
  }

  /**
   * What happens to handles on threads the session does not follow (a cleaner closing a file);
   * {@code realIo} false in a replay.
   */
  Object untracked(RealCalls real, int op, Object[] a, boolean realIo) throws Exception {
    if (op >= PROCESS_FORK && op <= PROCESS_LIST) {
      return processes.untracked(real, op, a, realIo);
    }
    if (op == CLOSEDIR) {
      ProgramFds.Directory d = fds.endListing((long) a[0]);
      if (d != null && d.invented) {
        closeInvented(real, d);
        return null;
      }
    } else if (op == READDIR) {
      ProgramFds.Directory d = fds.directory((long) a[0]);
      if (d != null && d.invented) {
        throw new java.io.IOException("ttd: a replayed directory listing was read on a thread the recording did not follow");
      }
    } else if (op == CLOSE || op == CLOSE_MAPPED) {
      fds.closed((int) a[0]);
    } else if (op == FD_CLOSE) {
      fds.closed(ProgramFds.number((FileDescriptor) a[0]));
    }
    return real.call(op, a);
  }

  private Object open(Exchange s, ThreadState t, RealCalls real, int op, Object[] a, String path)
      throws Exception {
    boolean writes = ((int) a[op == OPEN ? 1 : 2] & WRITING_FLAGS) != 0;
    if (!(writes ? ProgramInputs.isProgramsChange(path) : ProgramInputs.isProgramsFile(path))) {
      Object fd = real.call(op, a);
      fds.closed((int) fd); // the number may have been a program's file before
      return fd;
    }
    Object fd = NativeCalls.logged(s, t, real, EventKind.NIO_OPEN, NativeCalls.key(op, a[op == OPEN ? 1 : 2], path), op, a, null);
    if (!s.performsRealIo()) {
      Object[] devNull =
          op == OPEN
              ? new Object[] {((Path) a[0]).getFileSystem().getPath("/dev/null"), O_RDWR, 0}
              : new Object[] {a[0], DEV_NULL, O_RDWR, 0};
      fd = real.call(op, devNull);
    }
    fds.opened((int) fd, path);
    return fd;
  }

  private Object openListing(Exchange s, ThreadState t, RealCalls real, int op, Object[] a)
      throws Exception {
    String path = op == OPENDIR ? String.valueOf(a[0]) : fds.path((int) a[0]);
    if (path == null || !ProgramInputs.isProgramsFile(path)) {
      return real.call(op, a);
    }
    int fd = op == FDOPENDIR ? (int) a[0] : -1;
    fds.closed(fd); // the listing owns the descriptor now: closedir closes it
    Object handle = NativeCalls.logged(s, t, real, EventKind.DIRECTORY_OPEN, path, op, a, null);
    return s.performsRealIo() ? fds.listing((long) handle, path, -1) : fds.listing(0, path, fd);
  }

  private Object query(
      Exchange s, ThreadState t, RealCalls real, int op, Object[] a, String path, Object attrs, Object arg)
      throws Exception {
    if (path == null || !ProgramInputs.isProgramsFile(path)) {
      return real.call(op, a);
    }
    return NativeCalls.logged(s, t, real, EventKind.NIO_QUERY, NativeCalls.key(op, arg, path), op, a, attrs);
  }

  /** Changes of the file system and the handles' own bookkeeping (dup, close, closedir). */
  private Object change(Exchange s, ThreadState t, RealCalls real, int op, Object[] a) throws Exception {
    switch (op) {
      case DUP:
        Object copy = real.call(op, a);
        String dupped = fds.path((int) a[0]);
        if (dupped != null) {
          fds.opened((int) copy, dupped);
        }
        return copy;
      case CLOSE:
      case CLOSE_MAPPED:
      case FD_CLOSE:
      case CLOSEDIR:
        return untracked(real, op, a, s.performsRealIo());
      default:
        String[] paths = FileChanges.paths(fds, op, a);
        if (paths == null) {
          return real.call(op, a);
        }
        return NativeCalls.logged(s, t, real, EventKind.FILE_CHANGE, FileChanges.key(op, paths, a), op, a, null);
    }
  }

  private static void closeInvented(RealCalls real, ProgramFds.Directory d) throws Exception {
    if (d.fdToClose >= 0) {
      real.call(CLOSE, new Object[] {d.fdToClose});
    }
  }
}
