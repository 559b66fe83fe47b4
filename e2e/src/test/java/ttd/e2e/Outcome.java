package ttd.e2e;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * What a finished process left behind: its exit status, its stdout and stderr exactly as bytes, and
 * how long it ran. {@link #describe()} renders all of it for assertion messages.
 */
public final class Outcome {

  private static final int SHOWN_BYTES = 6_000;

  private final List<String> command;
  private final int exitStatus;
  private final byte[] stdout;
  private final byte[] stderr;
  private final Duration wallTime;

  Outcome(List<String> command, int exitStatus, byte[] stdout, byte[] stderr, Duration wallTime) {
    this.command = List.copyOf(command);
    this.exitStatus = exitStatus;
    this.stdout = stdout.clone();
    this.stderr = stderr.clone();
    this.wallTime = wallTime;
  }

  public int exitStatus() {
    return exitStatus;
  }

  public byte[] stdoutBytes() {
    return stdout.clone();
  }

  public byte[] stderrBytes() {
    return stderr.clone();
  }

  public String stdout() {
    return new String(stdout, StandardCharsets.UTF_8);
  }

  public String stderr() {
    return new String(stderr, StandardCharsets.UTF_8);
  }

  /** stdout split into lines, without line terminators (an empty stdout has no lines). */
  public List<String> stdoutLines() {
    return lines(stdout());
  }

  /** stderr split into lines, without line terminators (an empty stderr has no lines). */
  public List<String> stderrLines() {
    return lines(stderr());
  }

  public Duration wallTime() {
    return wallTime;
  }

  public List<String> command() {
    return command;
  }

  static List<String> lines(String text) {
    if (text.isEmpty()) {
      return List.of();
    }
    String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    return List.of(body.split("\r?\n", -1));
  }

  /** The command, exit status, wall time, stdout and stderr, for an assertion message. */
  public String describe() {
    return "\n  command: "
        + String.join(" ", command)
        + "\n  exit status: "
        + exitStatus
        + ", wall time: "
        + wallTime.toMillis()
        + " ms"
        + "\n  ---- stdout ----\n"
        + shown(stdout())
        + "\n  ---- stderr ----\n"
        + shown(stderr())
        + "\n  ----------------";
  }

  private static String shown(String text) {
    if (text.length() <= SHOWN_BYTES) {
      return text;
    }
    return text.substring(0, SHOWN_BYTES / 2)
        + "\n  [... " + (text.length() - SHOWN_BYTES) + " chars left out ...]\n"
        + text.substring(text.length() - SHOWN_BYTES / 2);
  }

  @Override
  public String toString() {
    return describe();
  }
}
