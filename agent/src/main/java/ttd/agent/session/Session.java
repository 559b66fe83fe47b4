package ttd.agent.session;

import java.io.FileDescriptor;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import ttd.agent.identity.HashState;
import ttd.log.EventKind;
import ttd.runtime.HookDelegate;

/**
 * What every hook does, written once for record and replay alike (rr's {@code Session}).
 *
 * <p>A hook on a thread the program did not start (JDK-internal threads, ttd's own), or on a thread
 * already inside agent code, passes the original value through. Otherwise it exchanges the
 * original value for the one the program sees: {@link RecordSession} logs it and returns it, {@link
 * ReplaySession} checks the log's next event and returns the logged value.
 */
public abstract class Session implements HookDelegate {

  protected final ThreadLocal<ThreadState> threads = new ThreadLocal<>();
  private final Map<Long, Integer> pendingStarts = new ConcurrentHashMap<>();
  private final AtomicInteger nextOrdinal = new AtomicInteger(1);
  protected final AtomicLong outputs = new AtomicLong();
  protected volatile boolean active = true;
  protected volatile Integer exitStatus;
  protected volatile boolean mainDiedUncaught;

  protected abstract long exchangeLong(ThreadState t, EventKind kind, int site, long original);

  protected abstract String exchangeString(ThreadState t, EventKind kind, int site, String original);

  protected abstract String exchangeEnv(ThreadState t, String name, String original);

  protected abstract Map<String, String> exchangeEnvAll(ThreadState t, Map<String, String> original);

  protected abstract byte[] exchangeBytes(ThreadState t, EventKind kind, byte[] produced);

  protected abstract void exchangeOutput(
      ThreadState t, EventKind kind, long ordinal, byte[] b, int off, int len);

  /** Starts a thread's log (record) or cursor (replay) and restores its identity-hash state. */
  protected abstract void beginThread(ThreadState t);

  /** Flushes what a finished thread buffered. */
  protected abstract void endThread(ThreadState t);

  /** Runs a real sleep or wait in record; nothing in replay. Returns false to skip it. */
  protected abstract boolean performsWaits(long millis, int nanos);

  /** The JVM is about to halt: nothing else will run. */
  protected abstract void halting(ThreadState t, int status);

  protected abstract ThreadState newThreadState(int ordinal, String name, boolean main);

  /** Registers the thread that runs premain (and then main) as ordinal 0. */
  public void adoptMainThread() {
    Thread current = Thread.currentThread();
    ThreadState t = newThreadState(0, current.getName(), true);
    threads.set(t);
    t.busy = true;
    try {
      beginThread(t); // restores the thread's hash state itself, last
    } finally {
      t.busy = false;
    }
  }

  /** The calling thread's state if the program started it and the agent is not already busy. */
  protected final ThreadState enter() {
    if (!active) {
      return null;
    }
    ThreadState t = threads.get();
    if (t == null || t.busy) {
      return null;
    }
    t.busy = true;
    if (HashState.available()) {
      HashState.save(t.hash);
    }
    return t;
  }

  /**
   * Enters agent code for a value exchange that cannot hash objects (clock and VM figures): no
   * hash-state bracket, since these run millions of times; what may hash in them (a block flush,
   * a block load) brackets itself.
   */
  protected final ThreadState enterFast() {
    if (!active) {
      return null;
    }
    ThreadState t = threads.get();
    if (t == null || t.busy) {
      return null;
    }
    t.busy = true;
    return t;
  }

  /**
   * Leaves agent code. The thread's identity-hash state is put back as it was on entry: agent code
   * (class initialisation, Chronicle, reports) may hash objects, and it runs differently in record
   * and replay, so it must not move the program's own sequence of hash codes.
   */
  protected final void exit(ThreadState t) {
    if (HashState.available()) {
      HashState.write(t.hash);
    }
    t.busy = false;
  }

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
      return exchangeEnv(t, name, original);
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
  public void onFileOutputWrite(FileDescriptor fd, byte[] bytes, int offset, int length) {
    EventKind kind =
        fd == FileDescriptor.out ? EventKind.STDOUT : fd == FileDescriptor.err ? EventKind.STDERR : null;
    if (bytes != null && length == -1) {
      length = bytes.length; // write(byte[]) writes the whole array
    }
    if (kind == null || bytes == null || offset < 0 || length <= 0 || offset + length > bytes.length) {
      return; // files are not captured yet; malformed calls fail in the real write as they should
    }
    ThreadState t = enter();
    if (t == null) {
      return;
    }
    try {
      exchangeOutput(t, kind, outputs.getAndIncrement(), bytes, offset, length);
    } finally {
      exit(t);
    }
  }

  @Override
  public void onThreadStart(Thread thread) {
    ThreadState t = enter();
    if (t == null) {
      return;
    }
    try {
      int ordinal = nextOrdinal.getAndIncrement();
      pendingStarts.put(thread.getId(), ordinal);
      exchangeLong(t, EventKind.THREAD_START, 0, ordinal);
    } finally {
      exit(t);
    }
  }

  @Override
  public void onThreadRun(Thread thread) {
    if (!active || pendingStarts.isEmpty()) {
      return;
    }
    Integer ordinal = pendingStarts.remove(thread.getId());
    if (ordinal == null) {
      return;
    }
    ThreadState t = newThreadState(ordinal, thread.getName(), false);
    threads.set(t);
    t.busy = true;
    try {
      beginThread(t); // restores the thread's hash state itself, last
    } finally {
      t.busy = false;
    }
  }

  @Override
  public void onThreadExit(Thread thread) {
    ThreadState t = enter();
    if (t == null) {
      return;
    }
    try {
      endThread(t);
    } finally {
      exit(t);
    }
  }

  @Override
  public void onThreadUncaughtException(Thread thread, Throwable error) {
    ThreadState t = enter();
    if (t == null) {
      return;
    }
    try {
      if (t.main) {
        mainDiedUncaught = true;
      }
      exchangeString(t, EventKind.UNCAUGHT_EXCEPTION, 0, error == null ? "null" : error.getClass().getName());
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
    if (!active || threads.get() == null) {
      return;
    }
    String what = UncapturedInputs.describe(source, detail);
    if (what == null) {
      return;
    }
    ThreadState t = enter();
    if (t == null) {
      return;
    }
    try {
      exchangeString(t, EventKind.UNCAPTURED_INPUT, 0, what);
    } finally {
      exit(t);
    }
  }

  /** The status the JVM ends with when nothing called exit: 1 if main died of an exception. */
  protected int endStatus() {
    Integer s = exitStatus;
    return s != null ? s : mainDiedUncaught ? 1 : 0;
  }

  /** Marks the calling thread as running agent code (hooks pass through); returns the old mark. */
  public final boolean enterAgent() {
    ThreadState t = threads.get();
    if (t == null) {
      return false;
    }
    boolean was = t.busy;
    t.busy = true;
    return was;
  }

  public final void leaveAgent(boolean previous) {
    ThreadState t = threads.get();
    if (t != null) {
      t.busy = previous;
    }
  }

  /** Runs {@code action} as agent work on the calling thread, whatever hooks it triggers. */
  protected final void asAgent(Runnable action) {
    ThreadState t = threads.get();
    boolean was = t != null && t.busy;
    if (t != null) {
      t.busy = true;
    }
    try {
      action.run();
    } finally {
      if (t != null) {
        t.busy = was;
      }
    }
  }
}
