package ttd.agent.session;

import ttd.runtime.ReplayPosition;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import ttd.log.EventKind;
import ttd.runtime.FileInputOp;
import ttd.runtime.RealFileInput;
import ttd.runtime.RealFileOutput;
import ttd.runtime.RealFileSystem;
import ttd.runtime.NativeIoOp;
import ttd.runtime.RealCalls;

/**
 * The session's part for the hooks that stand in for file I/O: {@code FileInputStream}, {@code FileOutputStream} (stdout
 * and stderr included), {@code java.io.File}'s queries and changes, and {@code java.nio}'s file
 * system and file channels, written once for record and replay.
 *
 * <p>Each runs the real operation or the log's answer inside the agent-code bracket, and leaves
 * the decisions (whose file it is, what to log) to {@link FileInputs}, {@link FileOutputs},
 * {@link FileSystemQueries}, {@link NativeFiles}, {@link RandomAccessFiles}, {@link FileWatches} and {@link ChildWaits}.
 */
final class Files {

  private final ProgramRun run;
  private final Exchange exchange;
  /** Numbers every output (stdout, stderr, files) so replay can check their order. */
  private final AtomicLong outputs = new AtomicLong();
  private final ProgramFiles programFiles = new ProgramFiles();
  private final MappedFiles mappings = new MappedFiles();
  private final NativeFiles nativeFiles;
  private final FileInputs fileInputs;
  private final FileOutputs fileOutputs;
  private final RandomAccessFiles randomAccessFiles;
  private final FileSystemQueries fileSystem = new FileSystemQueries();
  private final FileWatches watches;
  private final ChildWaits childWaits;
  /** Whether the program's own native libraries fail to load ({@code refusenative}). */
  private volatile boolean refuseLibraries;
  /** The libraries refused so far, each said once (record). */
  private final Set<String> refusedLibraries = ConcurrentHashMap.newKeySet();

  Files(ProgramRun run, Exchange exchange) {
    this.run = run;
    this.exchange = exchange;
    this.nativeFiles = new NativeFiles(outputs, mappings, run.blocking());
    this.randomAccessFiles = new RandomAccessFiles(programFiles, nativeFiles.fds(), outputs, mappings);
    this.watches = new FileWatches(run.blocking());
    this.fileInputs = new FileInputs(programFiles, nativeFiles.fds(), run.blocking());
    this.fileOutputs = new FileOutputs(programFiles, nativeFiles.fds(), outputs, mappings, run.blocking());
    this.childWaits = new ChildWaits(run.scheduler(), run.blocking());
  }

  /**
   * The process made a pipe ({@code IOUtil.makePipe}: the program's {@code Pipe}, an asynchronous
   * channel group's wake-up pipe): reads and writes of its ends through the file dispatcher are
   * logged, and may wait for the thread at the other end.
   */
  void pipeOpened(int readFd, int writeFd) {
    nativeFiles.fds().openedPipe(readFd, "a pipe's read end");
    nativeFiles.fds().openedPipe(writeFd, "a pipe's write end");
  }

  /** Makes the program's own native libraries fail to load from now on ({@code refusenative}). */
  void refuseNativeLibraries() {
    refuseLibraries = true;
  }

  /** Records the program's child processes with rr from now on. */
  void recordNativeChildren(NativeChildRecorder recorder) {
    nativeFiles.recordNativeChildren(recorder);
  }

  long onProcessHandlePid(long original, Object handle) {
    if (handle != ProcessHandle.current()) {
      return original; // a child's handle: its pid was logged when it was started
    }
    ThreadState t = run.enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchange.exchangeLong(t, EventKind.PROCESS_ID, 0, original);
    } finally {
      t.busy = false;
    }
  }

  long onProcessTableValue(long original, int site) {
    ThreadState t = run.enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchange.exchangeLong(t, EventKind.PROCESS_TABLE, site, original);
    } finally {
      t.busy = false;
    }
  }

  Object onProcessHandleInfo(Object original) {
    ThreadState t = run.enter();
    if (t == null) {
      return original;
    }
    try {
      String seen = exchange.exchangeString(t, EventKind.PROCESS_INFO, 0, ProcessInfoText.of(original));
      ProcessInfoText.apply(original, seen);
      return original;
    } finally {
      run.exit(t);
    }
  }

  long onFileInput(
      RealFileInput real, int op, FileInputStream in, Object arg, byte[] b, int off, int len)
      throws IOException {
    ThreadState t = run.enter();
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
      return fileInputs.exchange(exchange, t, real, op, in, arg, b, off, len);
    } finally {
      run.exit(t);
    }
  }

  void onFileOutput(
      RealFileOutput real, FileOutputStream out, String path, boolean append, byte[] b, int off, int len)
      throws IOException {
    ThreadState t = run.enter();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        throw EvaluationFence.fileOutput(out);
      }
      if (path != null) {
        if (run.unfollowedInReplay(exchange.performsRealIo())) {
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
        fileOutputs.open(exchange, t, real, out, path, append);
      } else {
        fileOutputs.write(exchange, t, real, out, b, off, len, append);
      }
    } finally {
      run.exit(t);
    }
  }

  long onFileSystemQuery(RealFileSystem real, Object fs, java.io.File f, int arg, int op) {
    ThreadState t = run.enter();
    if (t == null) {
      lookingWhileEvaluating(f.getPath());
      return real.query(fs, f, arg, op);
    }
    try {
      return fileSystem.query(exchange, t, real, fs, f, arg, op);
    } finally {
      run.exit(t);
    }
  }

  String[] onFileSystemList(RealFileSystem real, Object fs, java.io.File f) {
    ThreadState t = run.enter();
    if (t == null) {
      lookingWhileEvaluating(f.getPath());
      return real.list(fs, f);
    }
    try {
      return fileSystem.list(exchange, t, real, fs, f);
    } finally {
      run.exit(t);
    }
  }

  String onFileSystemCanonicalize(RealFileSystem real, Object fs, String path)
      throws IOException {
    ThreadState t = run.enter();
    if (t == null) {
      lookingWhileEvaluating(path);
      return real.canonicalize(fs, path);
    }
    try {
      return fileSystem.canonicalize(exchange, t, real, fs, path);
    } finally {
      run.exit(t);
    }
  }

  /** While the debugger evaluates, a query about the program's files is refused ({@link EvaluationFence}). */
  private static void lookingWhileEvaluating(String path) {
    if (ReplayPosition.evaluating && ProgramInputs.isProgramsFile(path)) {
      throw EvaluationFence.refusedUnchecked("look at the file system; a replay cannot perform I/O");
    }
  }

  void onNativeLibraryOpen(String name, boolean builtin, Class<?> caller) {
    if (!builtin && !ProgramInputs.isJdkLibrary(name, caller)) {
      programsLibrary("the native library " + name);
    }
  }

  /**
   * The program is about to bring in native code of its own (a JNI library, a library of the
   * foreign-function API), whose reads and changes of the world pass no hook. Recording says so,
   * logs it as an input ttd does not capture and stops, and the library opens as without ttd; a
   * replay stops there before it opens (the log's event ends it), and on a thread it does not
   * schedule or in a debugger's evaluation refuses it: a replay never runs a native library of the
   * program's. With {@code refusenative} the load fails in both modes alike, before anything is
   * logged, so that a library with a pure-Java fallback (Netty's transports, lz4-java) takes it
   * and the recording goes on.
   */
  private void programsLibrary(String library) {
    if (ReplayPosition.evaluating) {
      throw new UnsatisfiedLinkError(EvaluationFence.nativeLibrary(library));
    }
    if (refuseLibraries) {
      if (exchange.performsRealIo() && refusedLibraries.add(library)) {
        ThreadState t = run.enter(); // the message is ttd's, not a write of the program's
        try {
          exchange.warn("the load of " + library + " was refused (agent option refusenative): the program goes on without it");
        } finally {
          if (t != null) {
            run.exit(t);
          }
        }
      }
      throw new UnsatisfiedLinkError("ttd refuses to load " + library + " (agent option refusenative)");
    }
    ThreadState t = run.enter();
    if (t == null) {
      if (!exchange.performsRealIo()) {
        throw new UnsatisfiedLinkError("ttd: a replay opens no native library of the program's; the program would load " + library);
      }
      return;
    }
    try {
      exchange.uncaptured(t, "loads " + library);
    } finally {
      run.exit(t);
    }
  }

  Object onNativeIo(RealCalls real, int op, Object[] args) throws Exception {
    ThreadState t = run.enter();
    if (t == null) {
      if (ReplayPosition.evaluating) {
        EvaluationFence.nativeIo(nativeFiles.fds(), op, args);
      } else if (run.unfollowedInReplay(exchange.performsRealIo())) {
        UnfollowedThreads.nativeIo(op, args);
      }
      return nativeFiles.untracked(real, op, args, exchange.performsRealIo());
    }
    try {
      if (op >= NativeIoOp.RAF_OPEN && op <= NativeIoOp.RAF_SET_LENGTH) {
        return randomAccessFiles.call(exchange, t, real, op, args);
      }
      if (op >= NativeIoOp.WATCH_INIT && op <= NativeIoOp.WATCH_WAKEUP) {
        return watches.call(exchange, t, real, op, args);
      }
      if (op == NativeIoOp.PROCESS_WAIT || op == NativeIoOp.PROCESS_WAIT_NANOS) {
        return childWaits.await(exchange, t, op, args);
      }
      if (op == NativeIoOp.PROCESS_REAP) {
        return childWaits.reap(exchange, t, real, args);
      }
      return nativeFiles.call(exchange, t, real, op, args);
    } finally {
      run.exit(t);
    }
  }
}
