package ttd.agent.session;

import java.util.Map;
import ttd.agent.schedule.SchedThread;
import ttd.log.EventKind;
import ttd.runtime.Hooks;

/**
 * What every value hook does, written once for record and replay alike (rr's {@code Session}).
 *
 * <p>A hook on a thread the program did not start (JDK-internal threads, ttd's own), or on a thread
 * already inside agent code, passes the original value through (see {@link SessionThreads}).
 * Otherwise it exchanges the original value for the one the program sees: {@link RecordSession}
 * logs it and returns it, {@link ReplaySession} checks the log's next event and returns the logged
 * value. File I/O hooks are in {@link SessionFiles}, network hooks in {@link SessionNet}.
 */
public abstract class Session extends SessionNet {

  protected abstract Map<String, String> exchangeEnvAll(ThreadState t, Map<String, String> original);

  protected abstract byte[] exchangeBytes(ThreadState t, EventKind kind, byte[] produced);

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
    return exchangeFigure(EventKind.MEMORY, original, site);
  }

  @Override
  public long onManagementValue(long original, int site) {
    return exchangeFigure(EventKind.MANAGEMENT, original, site);
  }

  private long exchangeFigure(EventKind kind, long original, int site) {
    ThreadState t = enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchangeLong(t, kind, site, original);
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
    waitOrSleep(monitor, millis, nanos, EventKind.TIMED_WAIT);
  }

  /**
   * A wait on a monitor the scheduler's model holds is modelled (no event: the schedule decides
   * how it ends). A sleep, or a wait on a monitor only the JDK's code took, leaves the scheduler:
   * record performs it and logs whether it ended normally (0) or by interruption (1); replay
   * returns that without waiting.
   */
  private void waitOrSleep(Object monitor, long millis, int nanos, EventKind kind)
      throws InterruptedException {
    ThreadState t = enter();
    boolean untimed = monitor != null && millis == 0 && nanos == 0;
    if (t != null && untimed && !scheduler.runs(t.sched)) {
      exit(t);
      t = null;
    }
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
      SchedThread s = t.sched;
      boolean scheduled = scheduler.runs(s) && (monitor != null || scheduler.sleepLeaves());
      if (scheduled && monitor != null && scheduler.holds(s, monitor)) {
        long timeout = untimed ? 0 : Math.max(1, millis * 1_000_000 + nanos);
        if (Thread.interrupted() || scheduler.waitOn(s, monitor, timeout)) {
          Thread.interrupted();
          outcome = 1;
        }
      } else {
        if (scheduled) {
          scheduler.blockingBegin(s, monitor);
        }
        try {
          if (performsWaits(millis, nanos)) {
            realWait(monitor, millis, nanos); // stays busy: replay does not run the JDK's wait code
          } else if (Thread.currentThread().isInterrupted()) {
            outcome = 1;
          }
        } catch (InterruptedException e) {
          outcome = 1;
        } finally {
          if (scheduled) {
            scheduler.blockingEnd(s);
          }
        }
        outcome = exchangeLong(t, untimed ? EventKind.SCHED_WAIT : kind, 0, outcome);
        if (outcome == 0 && monitor instanceof Thread && !performsRealIo()) {
          awaitTermination((Thread) monitor);
        }
      }
    } finally {
      exit(t);
    }
    if (outcome != 0) {
      Thread.interrupted();
      throw new InterruptedException(kind == EventKind.SLEEP ? "sleep interrupted" : null);
    }
  }

  /**
   * Replay of {@code Thread.join}'s own {@code while (isAlive()) wait()}: the recorded wait ended
   * because the thread had terminated; the replayed one is let in by the log, perhaps while the
   * JVM is still finishing that thread, so wait for that too (it has left the program already).
   */
  private void awaitTermination(Thread joined) throws InterruptedException {
    for (ThreadState o : allThreads) {
      if (o.sched.thread() == joined && o.sched.ended()) {
        while (joined.isAlive()) {
          joined.wait(1);
        }
        return;
      }
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
          source == Hooks.INPUT_FILE_MAP ? mapped(detail) : UncapturedInputs.describe(source);
      if (source == Hooks.INPUT_FILE_MAP && what != null) {
        warn("the program " + what + ": ttd cannot see reads of mapped memory, so a replay stops there");
      }
      if (what != null) {
        exchangeString(t, EventKind.UNCAPTURED_INPUT, 0, what);
      }
    } finally {
      exit(t);
    }
  }
}
