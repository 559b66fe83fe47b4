package ttd.agent.session;

import ttd.runtime.ReplayPosition;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import ttd.agent.identity.ThreadIds;
import ttd.log.EventKind;
import ttd.runtime.FileInputOp;
import ttd.runtime.RealFileInput;
import ttd.runtime.RealFileOutput;
import ttd.runtime.RealFileSystem;
import ttd.runtime.NativeIoOp;
import ttd.runtime.RealNativeIo;

/**
 * The hooks that stand in for file I/O: {@code FileInputStream}, {@code FileOutputStream} (stdout
 * and stderr included), {@code java.io.File}'s queries and changes, and {@code java.nio}'s file
 * system and file channels, written once for record and replay.
 *
 * <p>Each runs the real operation or the log's answer inside the agent-code bracket, and leaves
 * the decisions (whose file it is, what to log) to {@link FileInputs}, {@link FileOutputs},
 * {@link FileSystemQueries}, {@link NativeFiles} and {@link RandomAccessFiles}.
 */
public abstract class SessionFiles extends SessionSchedule {

  /** Numbers every output (stdout, stderr, files) so replay can check their order. */
  protected final AtomicLong outputs = new AtomicLong();
  protected final ProgramFiles programFiles = new ProgramFiles();
  private final NativeFiles nativeFiles = new NativeFiles();
  private final FileInputs fileInputs = new FileInputs(programFiles, nativeFiles.fds());
  private final FileOutputs fileOutputs = new FileOutputs(programFiles, nativeFiles.fds());
  private final RandomAccessFiles randomAccessFiles = new RandomAccessFiles(programFiles, nativeFiles.fds());
  private final FileSystemQueries fileSystem = new FileSystemQueries();

  /** Set when child processes run under rr ({@code nativeChildren=RR}, record only). */
  private volatile NativeChildRecorder nativeChildren;

  /** Records the program's child processes with rr from now on. */
  public void recordNativeChildren(NativeChildRecorder recorder) {
    nativeChildren = recorder;
  }

  NativeChildRecorder nativeChildren() {
    return nativeChildren;
  }

  /** Logs (record) or checks (replay) {@code key}, and exchanges the value that goes with it. */
  protected abstract String exchangePair(ThreadState t, EventKind kind, String key, String original);

  /**
   * Exchanges a read of {@code result} bytes into {@code b[off..]}: record logs them, replay fills
   * them in from the log and returns the recorded result.
   */
  protected abstract int exchangeRead(ThreadState t, int result, byte[] b, int off, int len);

  /** Tells the person recording about something the recording will not cover (record only). */
  protected abstract void warn(String message);

  /**
   * The same for a read into native memory ({@code len} bytes at {@code address}, or with {@code
   * iovcnt > 0} the buffers of that many iovecs at {@code address}): record logs the bytes
   * straight from that memory, replay writes the logged ones into it.
   */
  protected abstract int exchangeNativeRead(ThreadState t, int result, long address, int len, int iovcnt);

  /** Whether the real I/O operation runs (record) or the log stands in for it (replay). */
  protected abstract boolean performsRealIo();

  /**
   * Whether this is a replay and the current thread one of the program's that ttd does not follow
   * (the JDK's own threads, one in the JDK's system thread group), not inside ttd's own work: see
   * {@link UnfollowedThreads}.
   */
  protected final boolean unfollowedInReplay() {
    return !performsRealIo() && active && !ReplayPosition.evaluating && threads.get() == null
        && ThreadIds.isProgram(Thread.currentThread().getId());
  }

  protected abstract void exchangeOutput(
      ThreadState t, EventKind kind, long ordinal, byte[] b, int off, int len);

  @Override
  public long onProcessHandlePid(long original, Object handle) {
    if (handle != ProcessHandle.current()) {
      return original; // a child's handle: its pid was logged when it was started
    }
    ThreadState t = enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchangeLong(t, EventKind.PROCESS_ID, 0, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public long onProcessTableValue(long original, int site) {
    ThreadState t = enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchangeLong(t, EventKind.PROCESS_TABLE, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public Object onProcessHandleInfo(Object original) {
    ThreadState t = enter();
    if (t == null) {
      return original;
    }
    try {
      String seen = exchangeString(t, EventKind.PROCESS_INFO, 0, ProcessInfoText.of(original));
      ProcessInfoText.apply(original, seen);
      return original;
    } finally {
      exit(t);
    }
  }

  @Override
  public long onFileInput(
      RealFileInput real, int op, FileInputStream in, Object arg, byte[] b, int off, int len)
      throws IOException {
    ThreadState t = enter();
    if (t == null) {
      if (ReplayPosition.evaluating && fileInputs.captures(op, in, arg)) {
        throw EvaluationFence.refused("read a file");
      }
      return FileInputOp.real(real, op, in, arg, b, off, len);
    }
    try {
      // the real call stays inside the bracket too: method handles hash objects as they warm up
      if (!fileInputs.captures(op, in, arg)) {
        return FileInputOp.real(real, op, in, arg, b, off, len);
      }
      return fileInputs.exchange(this, t, real, op, in, arg, b, off, len);
    } finally {
      exit(t);
    }
  }

  @Override
  public void onFileOutput(
      RealFileOutput real, FileOutputStream out, String path, boolean append, byte[] b, int off, int len)
      throws IOException {
    ThreadState t = enter();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        throw EvaluationFence.fileOutput(out);
      }
      if (path != null) {
        if (unfollowedInReplay()) {
          UnfollowedThreads.fileOutput(path);
        }
        real.open0(out, path, append);
      } else {
        real.writeBytes(out, b, off, len, append);
      }
      return;
    }
    try {
      if (path != null) {
        fileOutputs.open(this, t, real, out, path, append);
      } else {
        fileOutputs.write(this, t, real, out, b, off, len, append);
      }
    } finally {
      exit(t);
    }
  }

  @Override
  public long onFileSystemQuery(RealFileSystem real, Object fs, java.io.File f, int arg, int op) {
    ThreadState t = enter();
    if (t == null) {
      lookingWhileEvaluating(f.getPath());
      return real.query(fs, f, arg, op);
    }
    try {
      return fileSystem.query(this, t, real, fs, f, arg, op);
    } finally {
      exit(t);
    }
  }

  @Override
  public String[] onFileSystemList(RealFileSystem real, Object fs, java.io.File f) {
    ThreadState t = enter();
    if (t == null) {
      lookingWhileEvaluating(f.getPath());
      return real.list(fs, f);
    }
    try {
      return fileSystem.list(this, t, real, fs, f);
    } finally {
      exit(t);
    }
  }

  @Override
  public String onFileSystemCanonicalize(RealFileSystem real, Object fs, String path)
      throws IOException {
    ThreadState t = enter();
    if (t == null) {
      lookingWhileEvaluating(path);
      return real.canonicalize(fs, path);
    }
    try {
      return fileSystem.canonicalize(this, t, real, fs, path);
    } finally {
      exit(t);
    }
  }

  /** While the debugger evaluates, a query about the program's files is refused ({@link EvaluationFence}). */
  private static void lookingWhileEvaluating(String path) {
    if (ReplayPosition.evaluating && ProgramInputs.isProgramsFile(path)) {
      throw EvaluationFence.refusedUnchecked("look at the file system; a replay cannot perform I/O");
    }
  }

  /**
   * The program takes an input ttd cannot capture ({@code what} the program does): recording
   * warns and logs it, replay stops there with a report.
   */
  void uncaptured(ThreadState t, String what) {
    warn("the program " + what + ": ttd cannot see it, so a replay stops there");
    exchangeString(t, EventKind.UNCAPTURED_INPUT, 0, what);
  }

  @Override
  public void onNativeLibraryOpen(String name, boolean builtin, Class<?> caller) {
    if (!builtin && !ProgramInputs.isJdkLibrary(name, caller)) {
      programsLibrary("the native library " + name);
    }
  }

  /**
   * The program is about to bring in native code of its own (a JNI library, a library of the
   * foreign-function API), whose reads and changes of the world pass no hook. Recording says so
   * and logs it as an input ttd does not capture, and the library opens as without ttd; a replay
   * stops there before it opens (the log's event ends it), and on a thread it does not schedule or
   * in a debugger's evaluation refuses it: a replay never runs a native library of the program's.
   */
  private void programsLibrary(String library) {
    if (ReplayPosition.evaluating) {
      throw new UnsatisfiedLinkError(EvaluationFence.nativeLibrary(library));
    }
    ThreadState t = enter();
    if (t == null) {
      if (!performsRealIo()) {
        throw new UnsatisfiedLinkError("ttd: a replay opens no native library of the program's; the program would load " + library);
      }
      return;
    }
    try {
      uncaptured(t, "loads " + library);
    } finally {
      exit(t);
    }
  }

  @Override
  public Object onNativeIo(RealNativeIo real, int op, Object[] args) throws Exception {
    ThreadState t = enter();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        EvaluationFence.nativeIo(nativeFiles.fds(), op, args);
      } else if (unfollowedInReplay()) {
        UnfollowedThreads.nativeIo(op, args);
      }
      return nativeFiles.untracked(real, op, args, performsRealIo());
    }
    try {
      if (op >= NativeIoOp.RAF_OPEN && op <= NativeIoOp.RAF_SET_LENGTH) {
        return randomAccessFiles.call(this, t, real, op, args);
      }
      return nativeFiles.call(this, t, real, op, args);
    } finally {
      exit(t);
    }
  }
}
