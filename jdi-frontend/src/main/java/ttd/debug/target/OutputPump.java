package ttd.debug.target;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Copies one output stream of a replay JVM to the console while that JVM is the one the user
 * watches, and drops it otherwise: a replay that re-runs history the user has already seen (a
 * reverse search, a checkpoint being parked) must not print it again.
 *
 * <p>The JVM writes to a file that this pump follows. Unlike a pipe, a file says how much has been
 * written: when the replay's threads are suspended at a stop, everything they wrote before it is
 * in the file, so {@link #drain()} can print it all before the console prints the stop.
 */
final class OutputPump implements Runnable {

  private final Path file;
  private final PrintStream to;
  private final Thread thread;
  private volatile boolean forwarding;
  private volatile long done;
  private volatile boolean closed;

  OutputPump(Path file, PrintStream to, String name) {
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
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      while (true) {
        int n = in.read(buffer);
        if (n <= 0) {
          if (closed) {
            return;
          }
          Thread.sleep(2);
          continue;
        }
        if (forwarding) {
          synchronized (to) {
            to.write(buffer, 0, n);
            to.flush();
          }
        }
        done += n;
      }
    } catch (IOException e) {
      // the file is gone: nothing more to copy
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits until everything written to the file so far is copied (or dropped). */
  void drain() {
    try {
      long size = Files.size(file);
      while (done < size && thread.isAlive()) {
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
    try {
      thread.join(2_000);
      Files.deleteIfExists(file);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // a leftover file in the temp directory is harmless
    }
  }
}
