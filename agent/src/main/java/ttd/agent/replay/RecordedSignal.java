package ttd.agent.replay;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import ttd.agent.identity.HashState;

/**
 * Ends the replay of a recording that SIGINT, SIGTERM or SIGHUP ended, where and as the signal
 * ended the recorded run.
 *
 * <p>In the recording the JVM's own handler ({@code java.lang.Terminator}'s) ran on a thread of its
 * own, outside the program, and called {@code Shutdown.exit(128 + signal)}: the shutdown hooks
 * ran while the program's threads went on until the recording's end stopped them, and the header
 * says which signal it was and how many events each thread had logged when it came. A replay gets
 * no such signal. It hands the same signal to the same JDK handler, on a thread made as the JDK's
 * signal dispatcher makes one ({@code "SIGTERM handler"}, in the system thread group), as soon as
 * every thread has replayed as many events as it had logged then (checked by the thread that
 * consumes an event, so the program runs no further first), or, should that point not come, once
 * every thread has replayed all its events and none runs ({@link ReplaySession#atRecordedEnd},
 * checked by a watcher). A thread that goes past its last event stops there: the signal's end
 * stopped it there in the recording ({@link #stopHere}). The watcher is a daemon of the system
 * group with a name of its own, started only for such recordings: the program's thread groups,
 * {@code Thread-N} names and thread ids do not see it.
 */
final class RecordedSignal implements Runnable {

  private static final long POLL_NANOS = 5_000_000L;
  /** How long a thread stopped at its end waits for the delivered signal to end the JVM. */
  private static final long GRACE_NANOS = 10_000_000_000L;

  private final ReplaySession session;
  private final int number;
  /** By ordinal: the thread's logged events when the signal came, -1 if it had not begun. */
  private final long[] at;
  private final AtomicBoolean delivered = new AtomicBoolean();
  private volatile long deliveredAt;

  RecordedSignal(ReplaySession session, int number, long[] at) {
    this.session = session;
    this.number = number;
    this.at = at;
  }

  /** {@code ordinal:count,...} as the header keeps it, by ordinal (-1: not listed). */
  static long[] positions(String text) {
    long[] at = new long[0];
    if (text == null || text.isEmpty()) {
      return at;
    }
    for (String pair : text.split(",")) {
      int colon = pair.indexOf(':');
      int ordinal = Integer.parseInt(pair.substring(0, colon));
      if (ordinal >= at.length) {
        int old = at.length;
        at = java.util.Arrays.copyOf(at, ordinal + 1);
        java.util.Arrays.fill(at, old, at.length, -1);
      }
      at[ordinal] = Long.parseLong(pair.substring(colon + 1));
    }
    return at;
  }

  void start() {
    Thread t = new Thread(systemGroup(), this, "ttd-recorded-signal", 0, false);
    t.setDaemon(true);
    t.start();
  }

  /**
   * A thread consumed an event: delivers the signal if every thread is where it was when it came.
   * The delivery runs on the program's thread (a clock read's, too, which keeps no hash bracket of
   * its own), so the thread's identity-hash state is put back after it.
   */
  void eventConsumed() {
    if (delivered.get() || !session.reached(at)) {
      return;
    }
    HashState.keptAround(new Runnable() { // not a lambda: linking one would hash objects
      @Override
      public void run() {
        deliver();
      }
    });
  }

  @Override
  public void run() {
    while (!delivered.get()) {
      if (session.atRecordedEnd()) {
        deliver();
        return;
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
  }

  /** Runs the JVM's own handler of the signal, as the JDK's signal dispatcher would, once. */
  private void deliver() {
    if (!delivered.compareAndSet(false, true)) {
      return;
    }
    deliveredAt = System.nanoTime();
    String name = name(number);
    try {
      Field f = Class.forName("java.lang.Terminator").getDeclaredField("handler");
      f.setAccessible(true);
      Object handler = f.get(null);
      Class<?> signalClass = Class.forName("jdk.internal.misc.Signal");
      Object signal = signalClass.getConstructor(String.class).newInstance(name);
      Method handle = handler.getClass().getMethod("handle", signalClass);
      handle.setAccessible(true);
      Runnable dispatch =
          new Runnable() { // not a lambda: linking one would hash objects
            @Override
            public void run() {
              try {
                handle.invoke(handler, signal);
              } catch (ReflectiveOperationException e) {
                session.unendable("the recorded program was ended by SIG" + name
                    + ", which this replay cannot deliver (" + e + ")");
              }
            }
          };
      Thread t = new Thread(systemGroup(), dispatch, "SIG" + name + " handler", 0, false);
      t.setDaemon(true);
      t.setPriority(Thread.MAX_PRIORITY);
      t.start();
    } catch (ReflectiveOperationException | RuntimeException e) {
      session.unendable("the recorded program was ended by SIG" + name
          + ", which this replay cannot deliver (" + e + ")");
    }
  }

  /**
   * A thread past its last event: the signal's end stopped it there in the recording, so it waits
   * for the JVM to end. If the program's shutdown does not end it (a shutdown hook that waits for
   * this very thread, which got further in the recording while the hooks ran), the replay says so
   * rather than hang.
   */
  void stopHere(String thread) {
    while (true) {
      LockSupport.parkNanos(POLL_NANOS * 20);
      if (delivered.get() && System.nanoTime() - deliveredAt > GRACE_NANOS) {
        session.unendable("the replay reached the point where the recorded program got SIG"
            + name(number) + ", but its shutdown did not end it: thread \"" + thread + "\" has"
            + " replayed all of its recorded events and the shutdown waits for it to do more"
            + " (a shutdown hook that runs beside the program, which ttd does not record yet,"
            + " raced with it differently in the recording)");
      }
    }
  }

  /** Whether the signal has been handed to the JVM's handler. */
  boolean delivered() {
    return delivered.get();
  }

  /** {@code SIGTERM}, {@code SIGINT} or {@code SIGHUP}. */
  String name() {
    return "SIG" + name(number);
  }

  /** The name {@code jdk.internal.misc.Signal} knows the signal by. */
  private static String name(int number) {
    return number == 1 ? "HUP" : number == 2 ? "INT" : "TERM";
  }

  /** The JDK's system thread group, where the JVM puts the threads it makes for itself. */
  static ThreadGroup systemGroup() {
    ThreadGroup g = Thread.currentThread().getThreadGroup();
    while (g.getParent() != null) {
      g = g.getParent();
    }
    return g;
  }
}
