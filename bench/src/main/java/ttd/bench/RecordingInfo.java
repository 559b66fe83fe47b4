package ttd.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The size of one recording as {@code java -jar ttd.jar info <dir>} reports it: how many events
 * it holds and how many bytes its log takes, from which the report derives bytes per event.
 *
 * <p>Asking ttd rather than summing file sizes measures what ttd counts as the log (a queue's
 * files may be preallocated or sparse), and exercises the same command a user would run.
 *
 * @param events the {@code events:} count, or -1 when ttd did not print it
 * @param logBytes the {@code log bytes:} count, or -1 when ttd did not print it
 * @param status the {@code status:} line's value (e.g. {@code complete}), or "?"
 * @param problem why the figures are missing, or null when both are there
 */
record RecordingInfo(long events, long logBytes, String status, String problem) {

  private static final Pattern EVENTS = Pattern.compile("(?m)^events:\\s+(\\d+)");
  private static final Pattern BYTES = Pattern.compile("(?m)^log bytes:\\s+(\\d+)");
  private static final Pattern STATUS = Pattern.compile("(?m)^status:\\s+(\\S+)");

  /** Runs {@code ttd info} on {@code recording} with the benchmark's JDK and parses it. */
  static RecordingInfo of(ChildLauncher launcher, BenchOptions o, Path recording, int round) {
    return of(launcher, o.java, o.ttdJar, recording, round);
  }

  /** Runs {@code ttd info} on {@code recording} with {@code java} and {@code ttdJar} and parses it. */
  static RecordingInfo of(ChildLauncher launcher, String java, Path ttdJar, Path recording, int round) {
    List<String> cmd =
        List.of(java, "-jar", ttdJar.toAbsolutePath().toString(), "info", recording.toString());
    ChildRun run = launcher.run(null, round, cmd);
    if (!run.ok()) {
      return new RecordingInfo(
          -1, -1, "?", "ttd info " + run.problem() + ": " + String.join(" | ", run.stderrTail(3)));
    }
    OptionalLong events = number(EVENTS, run.stdout());
    OptionalLong bytes = number(BYTES, run.stdout());
    Matcher status = STATUS.matcher(run.stdout());
    String problem = null;
    if (events.isEmpty() || bytes.isEmpty()) {
      problem = "ttd info printed no " + (events.isEmpty() ? "'events:'" : "'log bytes:'") + " line";
    }
    return new RecordingInfo(
        events.orElse(-1), bytes.orElse(-1), status.find() ? status.group(1) : "?", problem);
  }

  private static OptionalLong number(Pattern p, String text) {
    Matcher m = p.matcher(text);
    return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
  }

  boolean ok() {
    return problem == null;
  }

  /** Log bytes per event, or NaN when either figure is missing or there are no events. */
  double bytesPerEvent() {
    return ok() && events > 0 ? (double) logBytes / events : Double.NaN;
  }
}
