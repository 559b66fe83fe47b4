package ttd.debug.replayvm;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.locks.LockSupport;

/**
 * Copies one output stream of a replay JVM to the console while that JVM is the one the user
 * watches, and drops it otherwise: a replay that re-runs history the user has already seen (a
 * reverse search, a checkpoint being parked) must not print it again.
 *
 * <p>The JVM writes to a file that this pump follows. Unlike a pipe, a file says how much has been
 * written: when the replay's threads are suspended at a stop, everything they wrote before it is
 * in the file, so {@link #drain()} can print it all before the console prints the stop. The
 * launcher opens the file for the pump before it starts the JVM and removes its name as soon as the
 * JVM has it: nothing is left in the temporary directory, however the console ends.
 */
final class OutputPump implements Runnable {

  /**
   * How long the pump waits before it looks at an idle file again: 2 ms after output, doubling up
   * to 50 ms while there is none (a console has a dozen replay JVMs, two pumps each, and polling
   * every 2 ms cost a few per cent of a core); {@link #drain()} wakes it at once.
   */
  private static final long MIN_IDLE_NANOS = 2_000_000L;
  private static final long MAX_IDLE_NANOS = 50_000_000L;

  private final FileChannel file;
  private final PrintStream to;
  private final Thread thread;
  private volatile boolean forwarding;
  private volatile long done;
  private volatile boolean closed;

  OutputPump(FileChannel file, PrintStream to, String name) {
    this.file = file;
    this.to = to;
    this.thread = new Thread(this, name);
    thread.setDaemon(true);
    thread.start();
  }

  void forward(boolean on) {
    forwarding = on;
  }

  @Override
  public void run() {
    byte[] buffer = new byte[8192];
    long idleNanos = MIN_IDLE_NANOS;
    try (FileChannel in = file) {
      while (true) {
        int n = in.read(ByteBuffer.wrap(buffer));
        if (n <= 0) {
          if (closed) {
            return;
          }
          LockSupport.parkNanos(idleNanos); // drain() unparks it at once
          idleNanos = Math.min(MAX_IDLE_NANOS, idleNanos * 2);
          if (Thread.interrupted()) {
            return;
          }
          continue;
        }
        idleNanos = MIN_IDLE_NANOS;
        if (forwarding) {
          synchronized (to) {
            to.write(buffer, 0, n);
            to.flush();
          }
        }
        done += n;
      }
    } catch (IOException e) {
      // closed: nothing more to copy
    }
  }

  /** Waits until everything written to the file so far is copied (or dropped). */
  void drain() {
    try {
      long size = file.size();
      while (done < size && thread.isAlive()) {
        LockSupport.unpark(thread);
        Thread.sleep(1);
      }
    } catch (IOException e) {
      // gone
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Copies what is left, then stops following the file (after the JVM exited). */
  void finish() {
    drain();
    closed = true;
    LockSupport.unpark(thread);
    try {
      thread.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
