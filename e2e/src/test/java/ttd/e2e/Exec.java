package ttd.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one external process the way a user would, with a hard timeout: stdout and stderr go to
 * files (so they are kept byte for byte, and a child that inherits them cannot hang the reader),
 * stdin gets the given bytes and is then closed. A process still running at the timeout is killed
 * together with its descendants, and the test fails with everything it printed so far.
 */
public final class Exec {

  /**
   * The longest any single process may run before the test fails: a guard against hangs, not a
   * speed check. A console script that parks a ladder of replay JVMs took over 120 s with three
   * such consoles running at once on the 2-core machine under a load of 30, and passed alone in 40.
   */
  public static final Duration TIMEOUT = Duration.ofSeconds(240);

  private final List<String> command;
  private final Process process;
  private final Path stdoutFile;
  private final Path stderrFile;
  private final long startNanos;

  private Exec(List<String> command, Process process, Path stdoutFile, Path stderrFile, long startNanos) {
    this.command = command;
    this.process = process;
    this.stdoutFile = stdoutFile;
    this.stderrFile = stderrFile;
    this.startNanos = startNanos;
  }

  /** Runs the command in {@code dir} with an empty stdin and waits for it (at most {@link #TIMEOUT}). */
  public static Outcome run(List<String> command, Path dir) {
    return start(command, dir, new byte[0]).await();
  }

  /** Runs the command in {@code dir}, feeding {@code stdin}, and waits for it. */
  public static Outcome run(List<String> command, Path dir, byte[] stdin) {
    return start(command, dir, stdin).await();
  }

  /** Starts the command in {@code dir}, feeds it {@code stdin} and closes its stdin. */
  public static Exec start(List<String> command, Path dir, byte[] stdin) {
    try {
      Path captures = Files.createDirectories(Scratch.root().resolve("captures"));
      Path out = Files.createTempFile(captures, "stdout-", ".bin");
      Path err = Files.createTempFile(captures, "stderr-", ".bin");
      ProcessBuilder pb =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile());
      long start = System.nanoTime();
      Process p = pb.start();
      try (var in = p.getOutputStream()) {
        in.write(stdin);
      } catch (IOException e) {
        // the program may exit without reading its stdin; that is its business
      }
      return new Exec(List.copyOf(command), p, out, err, start);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command, e);
    }
  }

  /** What the process has written to stdout so far. */
  public byte[] stdoutSoFar() {
    return read(stdoutFile);
  }

  /** What the process has written to stderr so far. */
  public byte[] stderrSoFar() {
    return read(stderrFile);
  }

  /** How long the process has been running. */
  public Duration elapsed() {
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** The process's id, to send it a signal. */
  public long pid() {
    return process.pid();
  }

  /** Kills the process with SIGKILL (no shutdown hooks run) and waits for it to be gone. */
  public Outcome killForcibly() {
    process.destroyForcibly();
    return await();
  }

  /** Waits for the process to end; kills it and its descendants and fails after {@link #TIMEOUT}. */
  public Outcome await() {
    boolean done;
    try {
      done = process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      killAll();
      throw new AssertionError("interrupted while waiting for " + command, e);
    }
    Duration wall = elapsed();
    if (!done) {
      killAll();
      throw new AssertionError(
          "process did not end within " + TIMEOUT.toSeconds() + " s and was killed:" + collect(-1, wall).describe());
    }
    return collect(process.exitValue(), wall);
  }

  private void killAll() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private Outcome collect(int status, Duration wall) {
    Outcome outcome = new Outcome(command, status, read(stdoutFile), read(stderrFile), wall);
    if (status != -1) {
      try {
        Files.deleteIfExists(stdoutFile);
        Files.deleteIfExists(stderrFile);
      } catch (IOException e) {
        // a leftover capture file in target/ is harmless
      }
    }
    return outcome;
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
