package ttd.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process a test talks to while it runs (the console with a debugger attached, jdb): lines go
 * to its stdin as typed, and the test waits for text to appear in what it printed (stdout and
 * stderr together, in order of arrival). Waits are hang guards ({@link Exec#TIMEOUT}), never
 * speed checks.
 */
final class LiveProcess implements AutoCloseable {

  private final String name;
  private final Process process;
  private final OutputStream stdin;
  private final StringBuilder text = new StringBuilder();
  /** Where the next {@link #await} starts looking. */
  private int mark;

  LiveProcess(String name, List<String> command, Path dir) {
    this.name = name;
    try {
      process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command, e);
    }
    stdin = process.getOutputStream();
    Thread reader = new Thread(this::read, name + "-output");
    reader.setDaemon(true);
    reader.start();
  }

  private void read() {
    byte[] buf = new byte[8192];
    try (InputStream in = process.getInputStream()) {
      int n;
      while ((n = in.read(buf)) > 0) {
        synchronized (text) {
          text.append(new String(buf, 0, n, StandardCharsets.UTF_8));
          text.notifyAll();
        }
      }
    } catch (IOException e) {
      // ended
    } finally {
      synchronized (text) {
        text.notifyAll();
      }
    }
  }

  /** Types {@code line} and Enter. */
  void type(String line) {
    try {
      stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      throw new AssertionError(name + " does not read its input any more (" + e.getMessage() + "):" + describe());
    }
  }

  /**
   * Waits for {@code regex} to match in the output printed after the previous match, and returns
   * the match (group 1 if it has one); the next wait looks after it.
   */
  String await(String regex) {
    Pattern p = Pattern.compile(regex, Pattern.MULTILINE);
    long deadline = System.nanoTime() + Exec.TIMEOUT.toNanos();
    synchronized (text) {
      while (true) {
        Matcher m = p.matcher(text);
        if (m.find(mark)) {
          mark = m.end();
          return m.groupCount() > 0 ? m.group(1) : m.group();
        }
        long left = deadline - System.nanoTime();
        if (left <= 0 || (!process.isAlive() && !readerMayAppend())) {
          throw new AssertionError(name + ": no output matching /" + regex + "/ "
              + (process.isAlive() ? "within " + Exec.TIMEOUT.toSeconds() + " s" : "before it ended") + ":" + describe());
        }
        try {
          text.wait(Math.min(TimeUnit.NANOSECONDS.toMillis(left) + 1, 1000));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new AssertionError("interrupted", e);
        }
      }
    }
  }

  private boolean readerMayAppend() {
    try {
      return process.getInputStream().available() > 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** Everything printed after the previous match (and moves the mark to the end). */
  String sinceMark() {
    synchronized (text) {
      String s = text.substring(mark);
      mark = text.length();
      return s;
    }
  }

  boolean alive() {
    return process.isAlive();
  }

  /** Waits for the process to end by itself and returns its exit status. */
  int awaitExit() {
    try {
      if (!process.waitFor(Exec.TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        throw new AssertionError(name + " did not end within " + Exec.TIMEOUT.toSeconds() + " s:" + describe());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
    return process.exitValue();
  }

  String describe() {
    synchronized (text) {
      int from = Math.max(0, text.length() - 8000);
      return "\n--- " + name + " printed (last 8000 chars) ---\n" + text.substring(from);
    }
  }

  @Override
  public void close() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
