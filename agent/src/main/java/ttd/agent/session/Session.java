package ttd.agent.session;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import ttd.log.EventKind;
import ttd.runtime.FileInputOp;
import ttd.runtime.Hooks;
import ttd.runtime.RealFileInput;
import ttd.runtime.RealFileOutput;
import ttd.runtime.RealFileSystem;

/**
 * What every value hook does, written once for record and replay alike (rr's {@code Session}).
 *
 * <p>A hook on a thread the program did not start (JDK-internal threads, ttd's own), or on a thread
 * already inside agent code, passes the original value through (see {@link SessionThreads}).
 * Otherwise it exchanges the
 * original value for the one the program sees: {@link RecordSession} logs it and returns it, {@link
 * ReplaySession} checks the log's next event and returns the logged value.
 */
public abstract class Session extends SessionThreads {

  protected final AtomicLong outputs = new AtomicLong();
  private final ProgramFiles programFiles = new ProgramFiles();
  private final FileInputs fileInputs = new FileInputs(programFiles);
  private final FileOutputs fileOutputs = new FileOutputs(programFiles);
  private final FileSystemQueries fileSystem = new FileSystemQueries();

  /** Logs (record) or checks (replay) {@code key}, and exchanges the value that goes with it. */
  protected abstract String exchangePair(ThreadState t, EventKind kind, String key, String original);

  /**
   * Exchanges a read of {@code result} bytes into {@code b[off..]}: record logs them, replay fills
   * them in from the log and returns the recorded result.
   */
  protected abstract int exchangeRead(ThreadState t, int result, byte[] b, int off, int len);

  /** Whether the real I/O operation runs (record) or the log stands in for it (replay). */
  protected abstract boolean performsRealIo();

  protected abstract Map<String, String> exchangeEnvAll(ThreadState t, Map<String, String> original);

  protected abstract byte[] exchangeBytes(ThreadState t, EventKind kind, byte[] produced);

  protected abstract void exchangeOutput(
      ThreadState t, EventKind kind, long ordinal, byte[] b, int off, int len);

  /** Runs a real sleep or wait in record; nothing in replay. Returns false to skip it. */
  protected abstract boolean performsWaits(long millis, int nanos);

  /** The JVM is about to halt: nothing else will run. */
  protected abstract void halting(ThreadState t, int status);

  @Override
  public long onSystemCurrentTimeMillis(long original, int site) {
    ThreadState t = enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchangeLong(t, EventKind.CLOCK_MILLIS, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public long onSystemNanoTime(long original, int site) {
    ThreadState t = enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchangeLong(t, EventKind.CLOCK_NANOS, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public long onVmNanoTimeAdjustment(long original, int site) {
    ThreadState t = enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchangeLong(t, EventKind.CLOCK_ADJUSTMENT, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public int onRuntimeAvailableProcessors(int original, int site) {
    ThreadState t = enterFast();
    if (t == null) {
      return original;
    }
    try {
      return (int) exchangeLong(t, EventKind.PROCESSORS, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public long onRuntimeMemory(long original, int site) {
    ThreadState t = enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchangeLong(t, EventKind.MEMORY, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public String onInetAddressHostName(String original, int site) {
    ThreadState t = enter();
    if (t == null) {
      return original;
    }
    try {
      return exchangeString(t, EventKind.HOST_NAME, site, original);
    } finally {
      exit(t);
    }
  }

  @Override
  public void onThreadSleep(long millis, int nanos) throws InterruptedException {
    waitOrSleep(null, millis, nanos, EventKind.SLEEP);
  }

  @Override
  public void onObjectWait(Object monitor, long millis, int nanos) throws InterruptedException {
    if (millis == 0 && nanos == 0) {
      monitor.wait(); // untimed: only another thread can end it; the scheduler's business
      return;
    }
    waitOrSleep(monitor, millis, nanos, EventKind.TIMED_WAIT);
  }

  /** Records whether the wait ended normally (0) or by interruption (1), and replays that. */
  private void waitOrSleep(Object monitor, long millis, int nanos, EventKind kind)
      throws InterruptedException {
    ThreadState t = enter();
    if (t == null) {
      realWait(monitor, millis, nanos);
      return;
    }
    long outcome = 0;
    try {
      if (monitor != null && !Thread.holdsLock(monitor)) {
        throw new IllegalMonitorStateException("current thread is not owner");
      }
      if (millis < 0) {
        throw new IllegalArgumentException("timeout value is negative");
      }
      if (performsWaits(millis, nanos)) {
        try {
          realWait(monitor, millis, nanos); // stays busy: replay does not run the JDK's wait code
        } catch (InterruptedException e) {
          outcome = 1;
        }
      } else if (Thread.currentThread().isInterrupted()) {
        outcome = 1;
      }
      outcome = exchangeLong(t, kind, 0, outcome);
    } finally {
      exit(t);
    }
    if (outcome != 0) {
      Thread.interrupted();
      throw new InterruptedException(kind == EventKind.SLEEP ? "sleep interrupted" : null);
    }
  }

  private static void realWait(Object monitor, long millis, int nanos)
      throws InterruptedException {
    if (monitor == null) {
      Thread.sleep(millis, nanos);
    } else {
      monitor.wait(millis, nanos);
    }
  }

  @Override
  public byte[] onSecureRandomBytes(byte[] produced) {
    ThreadState t = enter();
    if (t == null || produced == null) {
      return produced;
    }
    try {
      return exchangeBytes(t, EventKind.RANDOM_BYTES, produced);
    } finally {
      exit(t);
    }
  }

  @Override
  public String onSystemGetenv(String original, String name) {
    ThreadState t = enter();
    if (t == null) {
      return original;
    }
    try {
      return exchangePair(t, EventKind.ENV_VAR, name, original);
    } finally {
      exit(t);
    }
  }

  @Override
  public Map<String, String> onSystemGetenvAll(Map<String, String> original) {
    ThreadState t = enter();
    if (t == null) {
      return original;
    }
    try {
      return exchangeEnvAll(t, original);
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
      if (path != null) {
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
  public void onRuntimeExit(int status) {
    ThreadState t = enter();
    if (exitStatus == null) {
      exitStatus = status;
    }
    if (t == null) {
      return;
    }
    try {
      exchangeLong(t, EventKind.EXIT, 0, status);
      endThread(t);
    } finally {
      exit(t);
    }
  }

  @Override
  public void onRuntimeHalt(int status) {
    ThreadState t = enter();
    if (exitStatus == null) {
      exitStatus = status;
    }
    if (t != null) {
      try {
        exchangeLong(t, EventKind.EXIT, 0, status);
        halting(t, status);
      } finally {
        t.busy = false;
      }
    }
  }

  @Override
  public void onUncapturedInput(int source, Object detail) {
    ThreadState t = enter();
    if (t == null) {
      return;
    }
    try {
      String what =
          source == Hooks.INPUT_FILE_CHANNEL
              ? (programFiles.isProgramStream(detail)
                  ? "takes the FileChannel of a file stream it reads or writes" : null)
              : UncapturedInputs.describe(source, detail);
      if (what != null) {
        exchangeString(t, EventKind.UNCAPTURED_INPUT, 0, what);
      }
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
  public long onFileSystemQuery(RealFileSystem real, Object fs, java.io.File f, int arg, int op) {
    ThreadState t = enter();
    if (t == null) {
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
      return real.canonicalize(fs, path);
    }
    try {
      return fileSystem.canonicalize(this, t, real, fs, path);
    } finally {
      exit(t);
    }
  }
}
