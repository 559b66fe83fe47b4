package ttd.agent.session;

import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;
import java.util.List;
import java.util.Map;
import ttd.log.EventKind;
import ttd.runtime.Hooks;
import ttd.runtime.RealSecureRandom;
import ttd.runtime.ReplayPosition;

/**
 * What every value hook does, written once for record and replay alike (rr's {@code Session}).
 *
 * <p>A hook on a thread the program did not start (JDK-internal threads, ttd's own), or on a thread
 * already inside agent code, passes the original value through (see {@link SessionThreads}).
 * Otherwise it exchanges the original value for the one the program sees: {@link RecordSession}
 * logs it and returns it, {@link ReplaySession} checks the log's next event and returns the logged
 * value. File I/O hooks are in {@link SessionFiles}, network hooks in {@link SessionNet}, sleeps
 * and timed waits in {@link SessionWaits}.
 */
public abstract class Session extends SessionWaits {

  protected abstract Map<String, String> exchangeEnvAll(ThreadState t, Map<String, String> original);

  private final RandomEngines randomEngines = new RandomEngines();
  private final ProgramEnvironment environment = new ProgramEnvironment();

  /** Replaces what a {@code SecureRandom} engine produced with a pinned seed's (record only). */
  protected void pinRandom(byte[] produced) {}

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

  /**
   * The JVM's input arguments: a replay runs with flags of its own (its agent options, the
   * launcher's determinism flags), and programs read the list (Tomcat looks for an option in it).
   */
  @Override
  public List<String> onVmArguments(List<String> original, int site) {
    ThreadState t = enter();
    if (t == null || original == null) {
      return original;
    }
    try {
      String joined = exchangeString(t, EventKind.VM_ARGUMENTS, site, String.join("\0", original));
      return joined.isEmpty() ? List.of() : List.of(joined.split("\0", -1));
    } finally {
      exit(t);
    }
  }

  @Override
  public byte[] onSecureRandom(
      RealSecureRandom real, int op, SecureRandomSpi spi, byte[] bytes, int count, SecureRandomParameters params) {
    ThreadState t = RandomEngines.isJdks(spi) ? enter() : null;
    if (t == null) {
      return real.call(op, spi, bytes, count, params);
    }
    try {
      return randomEngines.call(this, t, real, op, spi, bytes, count, params);
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
      return environment.of(exchangeEnvAll(t, original));
    } finally {
      exit(t);
    }
  }

  @Override
  public void onRuntimeExit(int status) {
    if (ReplayPosition.evaluating) {
      throw EvaluationFence.exit();
    }
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
    if (ReplayPosition.evaluating) {
      throw EvaluationFence.exit();
    }
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

  /**
   * The JVM's own handler of a signal is about to call {@code Shutdown.exit(128 + number)} (on a
   * thread of its own, not the program's): unless the program already exits, that is how it ends.
   */
  @Override
  public void onSignal(int number) {
    if (ReplayPosition.evaluating) {
      throw EvaluationFence.exit();
    }
    synchronized (this) {
      if (exitStatus != null) {
        return; // already exiting: the JVM keeps the first status
      }
      exitStatus = 128 + number;
      exitSignal = number;
    }
    signalled(number);
  }

  /** A signal ends the program (nothing by default). */
  protected void signalled(int number) {}

  /** {@code SIGTERM} for 15: the names of the signals the JVM's own handler handles. */
  public static String signalName(int number) {
    switch (number) {
      case 1:
        return "SIGHUP";
      case 2:
        return "SIGINT";
      case 15:
        return "SIGTERM";
      default:
        return "signal " + number;
    }
  }
}
