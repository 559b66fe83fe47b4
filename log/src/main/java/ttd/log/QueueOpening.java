package ttd.log;

import java.nio.file.Path;
import net.openhft.chronicle.queue.ChronicleQueue;

/**
 * A recording's queue being opened on a thread of its own.
 *
 * <p>Opening the first Chronicle Queue of a JVM loads and initialises several hundred classes:
 * about 0.6 s of a recorder's 1.8 s start-up on this 2-core machine (timed in premain, load
 * average 8), while retransforming the JDK's already loaded classes takes another 0.8 s on the
 * agent's thread. Run side by side, the two overlap on a second core. The thread is named, so it
 * takes no {@code Thread-N} number from the program, and it is a daemon.
 */
final class QueueOpening {

  private final Thread thread;
  private volatile ChronicleQueue queue;
  private volatile Throwable failure;

  private QueueOpening(Path dir) {
    thread = new Thread(() -> open(dir), "ttd-log-open");
    thread.setDaemon(true);
  }

  static QueueOpening start(Path dir) {
    QueueOpening o = new QueueOpening(dir);
    o.thread.start();
    return o;
  }

  private void open(Path dir) {
    try {
      queue = ChronicleSettings.openForWrite(dir);
    } catch (Throwable e) {
      failure = e;
    }
  }

  /** The open queue; what opening it threw, rethrown here. */
  ChronicleQueue await() {
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable e = failure;
    if (e instanceof RuntimeException) {
      throw (RuntimeException) e;
    }
    if (e instanceof Error) {
      throw (Error) e;
    }
    if (e != null || queue == null) {
      throw new IllegalStateException("the recording's queue could not be opened", e);
    }
    return queue;
  }
}
