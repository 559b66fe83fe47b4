package ttd.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs {@code ttd debug} on a pseudo-terminal, as a user at a terminal would, so that what batch
 * mode cannot show (JLine, Ctrl-C, Ctrl-D) can be tested: util-linux {@code script} (package
 * bsdutils, essential on Debian) gives the console a pty and passes what the test writes to its
 * stdin on as typed keys. The output is kept with escape sequences and carriage returns removed.
 */
final class TerminalConsole implements AutoCloseable {

  private final Process process;
  private final OutputStream keys;
  private final StringBuilder screen = new StringBuilder();
  private final Thread reader;

  /**
   * {@code ttd debug RECORDING} under {@code script}, with {@code home} as the user's home (for the
   * history file) and {@code options} for the console's JVM.
   */
  TerminalConsole(Jvm jvm, Path recording, Path home, List<String> options) {
    List<String> cmd = new java.util.ArrayList<>(List.of(jvm.java(), "-Duser.home=" + home));
    cmd.addAll(options);
    cmd.addAll(List.of("-jar", TtdRun.jar().toString(), "debug", recording.toAbsolutePath().toString()));
    String console = "exec " + String.join(" ", quoted(cmd)); // no shell in between to take the signals
    ProcessBuilder pb = new ProcessBuilder("script", "-qfec", console, "/dev/null")
        .directory(recording.toAbsolutePath().getParent().toFile())
        .redirectErrorStream(true);
    pb.environment().put("TERM", "xterm");
    pb.environment().put("SHELL", "/bin/sh");
    try {
      process = pb.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start script (util-linux) for a pseudo-terminal", e);
    }
    keys = process.getOutputStream();
    reader = new Thread(this::read, "terminal-console-output");
    reader.setDaemon(true);
    reader.start();
  }

  private static List<String> quoted(List<String> words) {
    return words.stream().map(w -> "'" + w.replace("'", "'\\''") + "'").collect(Collectors.toList());
  }

  private void read() {
    byte[] buf = new byte[4096];
    try (InputStream in = process.getInputStream()) {
      int n;
      while ((n = in.read(buf)) > 0) {
        String text = new String(buf, 0, n, StandardCharsets.UTF_8);
        synchronized (screen) {
          screen.append(text);
          screen.notifyAll();
        }
      }
    } catch (IOException e) {
      // the process ended
    }
  }

  /** Types {@code text} (a command line ends with "\r", Ctrl-C is "\u0003", Ctrl-D "\u0004"). */
  void type(String text) {
    try {
      keys.write(text.getBytes(StandardCharsets.UTF_8));
      keys.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The output so far, escape sequences and carriage returns removed. */
  String screen() {
    synchronized (screen) {
      return screen.toString().replaceAll("\u001B\\[[0-9;?]*[A-Za-z]|\u001B[()][A-Z0-9]|\u001B[=>]", "").replace("\r", "\n");
    }
  }

  /**
   * Waits until the output after character {@code from} of {@link #screen()} contains {@code
   * text}; returns the index just after it, or throws with the whole screen.
   */
  int await(String text, int from, Duration timeout) {
    long end = System.nanoTime() + timeout.toNanos();
    synchronized (screen) {
      while (true) {
        int at = screen().indexOf(text, from);
        if (at >= 0) {
          return at + text.length();
        }
        long left = end - System.nanoTime();
        if (left <= 0 || !process.isAlive() && !reader.isAlive()) {
          throw new AssertionError("no '" + text + "' on the terminal within " + timeout.toSeconds() + " s; it shows:\n" + screen());
        }
        try {
          screen.wait(Math.max(1, Math.min(200, left / 1_000_000)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new AssertionError("interrupted while waiting for the terminal");
        }
      }
    }
  }

  /** Whether the console has ended, waiting up to {@code timeout}. */
  boolean endsWithin(Duration timeout) {
    try {
      return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for the console");
    }
  }

  /** The exit status once the console has ended, or throws if it has not within {@code timeout}. */
  int exitStatus(Duration timeout) {
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError("the console did not end within " + timeout.toSeconds() + " s; it shows:\n" + screen());
      }
      reader.join(5000);
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for the console");
    }
  }

  @Override
  public void close() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }
}
