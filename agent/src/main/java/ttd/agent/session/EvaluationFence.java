package ttd.agent.session;

import static ttd.runtime.NativeIoOp.*;

import java.io.FileDescriptor;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import ttd.runtime.ReplayPosition;

/**
 * What code the debugger runs in a replay may do: only what needs no answer from the world.
 *
 * <p>While the console evaluates an expression ({@link ReplayPosition#evaluating}), hooks do not
 * consume the log, so any hook that would otherwise reach the real world (write, change or read the
 * program's files, start or signal a process, use the network, exit the JVM, start a thread that
 * would go on running unrecorded, block waiting for a thread the debugger holds still) refuses
 * instead: it notes one sentence for the console ({@link ReplayPosition#refuse}, e.g. "evaluation
 * would write to a file; a replay cannot perform I/O") and throws. What the JVM does for itself
 * (loading classes, reading its own files) goes on. Outside an evaluation nothing changes.
 */
final class EvaluationFence {

  private static final String NO_IO = "; a replay cannot perform I/O";

  private EvaluationFence() {}

  /**
   * Loads this class. Hooks call it where they would pass a call through, and the agent's own class
   * loading reads the agent's jar through those hooks: were it loaded by its first use, loading it
   * would run the hook that needs it, again and again. So every session loads it first.
   */
  static void load() {
    // nothing: calling it is what loads the class
  }

  /** Notes the sentence and returns the exception to throw from an I/O hook. */
  static IOException refused(String would) {
    return new IOException(note(would + NO_IO));
  }

  /** Notes the sentence and returns the exception to throw where no checked exception fits. */
  static IllegalStateException refusedUnchecked(String sentence) {
    return new IllegalStateException(note(sentence));
  }

  private static String note(String sentence) {
    String s = "evaluation would " + sentence;
    ReplayPosition.refuse(s);
    return s;
  }

  /** Runtime.exit or halt, or the JVM's signal handler, called by evaluated code. */
  static IllegalStateException exit() {
    return refusedUnchecked("exit the JVM; a replay ends only where its recording ended");
  }

  /** A native library of the program's ({@code library}: "the native library PATH"); the sentence. */
  static String nativeLibrary(String library) {
    return note("load " + library + ", whose code acts on the world past ttd; a replay opens no library of the program's");
  }

  static IllegalStateException threadStart() {
    return refusedUnchecked("start a thread, which would run on unrecorded; a replay cannot run new threads");
  }

  static IllegalStateException blocking(String what) {
    return refusedUnchecked(what + ", but the console holds every other thread still; a replay cannot wait here");
  }

  /** A {@code FileOutputStream} open or write. */
  static IOException fileOutput(java.io.FileOutputStream out) {
    boolean std;
    try {
      std = out.getFD() == FileDescriptor.out || out.getFD() == FileDescriptor.err;
    } catch (IOException e) {
      std = false;
    }
    return refused(std ? "write to standard output" : "write to a file");
  }

  /**
   * A call below {@code java.nio.file}, {@code FileChannel}, {@code RandomAccessFile}, {@code
   * java.io.File}'s changes or a process: throws unless it only reads what is not the program's.
   */
  static void nativeIo(ProgramFds fds, int op, Object[] a) throws IOException {
    if (op >= PROCESS_FORK && op <= PROCESS_LIST) {
      throw refused(op == PROCESS_FORK ? "start a process" : "signal, wait for or look at a process");
    }
    if (changesFileSystem(op)) {
      throw refused("change the file system");
    }
    if (op == WRITE || op == PWRITE || op == WRITEV || op == FORCE || op == FD_SYNC || op == LOCK || op == RELEASE
        || op == PREFS_UNLOCK
        || op >= TRANSFER_TO_DIRECT && op <= TRANSFER_FROM_DIRECT || op == RAF_WRITE || op == RAF_WRITE_BYTES) {
      throw refused("write to a file");
    }
    switch (op) {
      case OPEN:
        opening(String.valueOf(a[0]), (int) a[1]);
        return;
      case OPENAT:
        String dir = fds.path((int) a[0]);
        if (dir != null) {
          opening(dir + "/" + new String((byte[]) a[1], StandardCharsets.ISO_8859_1), (int) a[2]);
        }
        return;
      case RAF_OPEN:
        if ((int) a[2] != 1) { // RandomAccessFile's O_RDONLY
          throw refused("write to a file");
        }
        reading(String.valueOf(a[1]));
        return;
      case STAT:
      case LSTAT:
      case STAT_MODE:
      case STAT_ERRNO:
      case STATVFS:
      case EXISTS:
      case REALPATH:
      case READLINK:
      case ACCESS:
      case ACCESS_ERRNO:
      case OPENDIR:
        if (ProgramInputs.isProgramsFile(String.valueOf(a[0]))) {
          throw refused("look at the file system");
        }
        return;
      case FILE_KEY:
        if (fds.path(NativeFiles.keyedFile(a)) != null) {
          throw refused("look at the file system");
        }
        return;
      default:
        if (op >= READ && op <= IS_OTHER && a[0] instanceof FileDescriptor && fds.path((FileDescriptor) a[0]) != null
            || op >= RAF_READ && op <= RAF_LENGTH && programs(fds, (RandomAccessFile) a[0])) {
          throw refused("read a file");
        }
    }
  }

  private static boolean programs(ProgramFds fds, RandomAccessFile raf) {
    try {
      return fds.path(raf.getFD()) != null;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Whether {@code op} changes the file system whatever its arguments (path or descriptor changes,
   * {@code java.io.File}'s, truncating, the preferences' lock files and modes). Here, and not in {@code FileChanges}, because {@link
   * UnfollowedThreads} asks it too and a class first loaded from a hook recurses (see {@link
   * #load}); this one is loaded with every session.
   */
  static boolean changesFileSystem(int op) {
    return op >= MKDIR && op <= FCHOWN || op >= FILE_DELETE && op <= FILE_SET_PERMISSION || op == TRUNCATE
        || op == RAF_SET_LENGTH || op == PREFS_LOCK || op == PREFS_CHMOD;
  }

  /** {@code O_WRONLY}, {@code O_RDWR}, {@code O_CREAT}, {@code O_TRUNC} or {@code O_APPEND} write. */
  private static void opening(String path, int flags) throws IOException {
    if ((flags & NativeFiles.WRITING_FLAGS) != 0) {
      throw refused("write to a file");
    }
    reading(path);
  }

  private static void reading(String path) throws IOException {
    if (ProgramInputs.isProgramsFile(path)) {
      throw refused("read a file");
    }
  }
}
