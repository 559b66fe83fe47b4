package ttd.runtime;

/**
 * The file-system and file-channel calls below {@code java.nio.file}, {@code FileChannel} and
 * {@code java.io.File}'s changes that {@link NativeIoHooks} stand in for, as passed to {@link
 * HookDelegate#onNativeIo}. The agent's table says which JDK method each one is on each JDK.
 */
public final class NativeIoOp {

  // sun.nio.fs.UnixNativeDispatcher: opens and handles
  public static final int OPEN = 1;
  public static final int OPENAT = 2;
  public static final int DUP = 3;
  public static final int CLOSE = 4;
  public static final int OPENDIR = 5;
  public static final int FDOPENDIR = 6;
  public static final int READDIR = 7;
  public static final int CLOSEDIR = 8;
  /** JDK 25's {@code close(fd, exceptionMapper)}. */
  public static final int CLOSE_MAPPED = 9;

  // sun.nio.fs.UnixNativeDispatcher: queries
  public static final int STAT = 10;
  public static final int LSTAT = 11;
  public static final int STAT_MODE = 12;
  public static final int STAT_ERRNO = 13;
  public static final int FSTAT = 14;
  public static final int FSTATAT = 15;
  public static final int ACCESS = 16;
  public static final int ACCESS_ERRNO = 17;
  public static final int EXISTS = 18;
  public static final int REALPATH = 19;
  public static final int READLINK = 20;
  public static final int STATVFS = 21;

  // sun.nio.fs.UnixNativeDispatcher: changes (path-based, then descriptor-based)
  public static final int MKDIR = 30;
  public static final int UNLINK = 31;
  public static final int RMDIR = 32;
  public static final int RENAME = 33;
  public static final int LINK = 34;
  public static final int SYMLINK = 35;
  public static final int CHMOD = 36;
  public static final int CHOWN = 37;
  public static final int LCHOWN = 38;
  public static final int UTIMES = 39;
  public static final int LUTIMES = 40;
  public static final int UTIMENSAT = 41;
  public static final int FCHMODAT = 42;
  public static final int MKNOD = 43;
  public static final int UNLINKAT = 44;
  public static final int RENAMEAT = 45;
  public static final int FUTIMES = 46;
  public static final int FUTIMENS = 47;
  public static final int FCHMOD = 48;
  public static final int FCHOWN = 49;

  // Files.copy's copy between two descriptors, in the kernel (17: UnixCopyFile.transfer; 25:
  // UnixFileSystem.directCopy, then bufferedCopy where the direct copy is not supported)
  public static final int COPY_TRANSFER = 50;
  public static final int COPY_DIRECT = 51;
  public static final int COPY_BUFFERED = 52;

  // the file dispatcher's natives (FileChannel)
  public static final int READ = 60;
  public static final int PREAD = 61;
  public static final int READV = 62;
  public static final int WRITE = 63;
  public static final int PWRITE = 64;
  public static final int WRITEV = 65;
  public static final int SEEK = 66;
  public static final int SIZE = 67;
  public static final int TRUNCATE = 68;
  public static final int FORCE = 69;
  public static final int AVAILABLE = 70;
  public static final int IS_OTHER = 71;
  public static final int LOCK = 72;
  public static final int RELEASE = 73;
  /**
   * Mapping a file region into memory: the dispatcher's {@code map0} on 25, {@code
   * FileChannelImpl}'s own on 17.
   */
  public static final int MAP = 74;

  // FileChannelImpl's shortcuts that bypass read and write (sendfile, mapping)
  public static final int TRANSFER_TO_DIRECT = 80;
  public static final int TRANSFER_TO_TRUSTED = 81;
  public static final int TRANSFER_FROM_CHANNEL = 82;
  public static final int TRANSFER_FROM_DIRECT = 83;

  // java.io.File's changes through java.io.FileSystem
  public static final int FILE_DELETE = 90;
  public static final int FILE_CREATE = 91;
  public static final int FILE_MKDIR = 92;
  public static final int FILE_RENAME = 93;
  public static final int FILE_SET_TIME = 94;
  public static final int FILE_SET_READ_ONLY = 95;
  public static final int FILE_SET_PERMISSION = 96;

  // java.io.RandomAccessFile's natives (on JDK 17 length and setLength are public natives)
  public static final int RAF_OPEN = 110;
  public static final int RAF_READ = 111;
  public static final int RAF_READ_BYTES = 112;
  public static final int RAF_WRITE = 113;
  public static final int RAF_WRITE_BYTES = 114;
  public static final int RAF_SEEK = 115;
  public static final int RAF_POSITION = 116;
  public static final int RAF_LENGTH = 117;
  public static final int RAF_SET_LENGTH = 118;

  // processes: java.lang.ProcessImpl and ProcessHandleImpl
  public static final int PROCESS_FORK = 120;
  public static final int PROCESS_REAP = 121;
  public static final int PROCESS_DESTROY = 122;
  public static final int PROCESS_PIPE_EXITED = 123;
  /** A read of {@code ProcessImpl.hasExited}: the argument is the field's value. */
  public static final int PROCESS_EXITED = 124;
  /** A read of {@code ProcessImpl.exitcode}: the argument is the field's value. */
  public static final int PROCESS_EXIT_CODE = 125;
  /** {@code ProcessImpl.waitFor}'s untimed wait: {@code wait()} on 17, {@code Condition.await()} on 25. */
  public static final int PROCESS_WAIT = 126;
  /** {@code ProcessImpl.waitFor(timeout)}'s {@code Condition.awaitNanos} (JDK 25). */
  public static final int PROCESS_WAIT_NANOS = 127;
  /**
   * {@code ProcessImpl}'s {@code lock.lock()} (JDK 21+), which the reaper also takes: a wait for it is
   * not the program's scheduling, since a replay has no reaper to wait for.
   */
  public static final int PROCESS_LOCK = 128;
  /**
   * {@code ProcessHandleImpl.getProcessPids0}: the pids (with parents and start times) of a
   * process's children, or of every process, behind {@code children}, {@code descendants} and
   * {@code allProcesses}.
   */
  public static final int PROCESS_LIST = 129;

  // sun.nio.fs.LinuxWatchService: a WatchService's inotify descriptor and its poller thread
  /** {@code inotifyInit()}: the WatchService's inotify descriptor. */
  public static final int WATCH_INIT = 130;
  /** {@code inotifyAddWatch(fd, pathAddress, mask)}: a directory's registration; returns its watch. */
  public static final int WATCH_ADD = 131;
  /** {@code inotifyRmWatch(fd, wd)}: a key's cancellation. */
  public static final int WATCH_REMOVE = 132;
  /** {@code poll(inotifyFd, wakeupFd)}: the poller thread's blocking wait for events or a request. */
  public static final int WATCH_POLL = 133;
  /** {@code UnixNativeDispatcher.read(fd, address, size)} by the poller: events or wake-up bytes. */
  public static final int WATCH_READ = 134;
  /** {@code UnixNativeDispatcher.write(fd, address, 1)} by the poller: a request's wake-up. */
  public static final int WATCH_WAKEUP = 135;

  /** {@code FileDescriptor.close0}: forgets which file the descriptor number was. */
  public static final int FD_CLOSE = 100;
  /**
   * {@code FileDescriptor.sync}: fsync of a stream's descriptor ({@code sync} is the native on 17,
   * {@code sync0} on 25).
   */
  public static final int FD_SYNC = 101;

  // java.util.prefs.FileSystemPreferences: the lock files and modes of the preferences directories
  /** {@code lockFile0(path, permissions, shared)}: opens (creating) and locks; returns {fd, errno}. */
  public static final int PREFS_LOCK = 102;
  /** {@code unlockFile0(fd)}: unlocks and closes. */
  public static final int PREFS_UNLOCK = 103;
  /** {@code chmod(path, mode)}. */
  public static final int PREFS_CHMOD = 104;
  /**
   * {@code sun.nio.ch.FileKey.init}: the device and inode that tell a channel's file apart in the
   * JVM's table of file locks (on 17 it fills the key's fields, on 25 an array).
   */
  public static final int FILE_KEY = 105;

  private NativeIoOp() {}
}
