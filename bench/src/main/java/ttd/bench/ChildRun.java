package ttd.bench;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

/**
 * What one child JVM did: its wall time as the parent measured it (process start to exit), its
 * exit status and output, and, when it must not count as a measurement, why.
 *
 * <p>A run with a problem keeps its output so that the report can show the stderr that explains
 * a divergence or a crash instead of a number.
 *
 * @param mode how the child was launched
 * @param round 0 for the untimed warm-up round, 1..N for the timed ones
 * @param wallNanos from just before {@code ProcessBuilder.start()} to just after the exit
 * @param exitCode the child's exit status (-1 when it did not start or was killed)
 * @param stdout everything the child printed on stdout
 * @param stderr everything the child printed on stderr
 * @param problem why this run is not a valid measurement, or null when it is one
 */
record ChildRun(
    Mode mode,
    int round,
    long wallNanos,
    int exitCode,
    String stdout,
    String stderr,
    String problem) {

  /** A run that could not even be attempted, e.g. a replay whose recording failed. */
  static ChildRun skipped(Mode mode, int round, String why) {
    return new ChildRun(mode, round, 0, -1, "", "", why);
  }

  boolean ok() {
    return problem == null;
  }

  double wallMillis() {
    return wallNanos / 1e6;
  }

  /** This run marked invalid for {@code why} (kept if it already has a problem). */
  ChildRun withProblem(String why) {
    return ok() ? new ChildRun(mode, round, wallNanos, exitCode, stdout, stderr, why) : this;
  }

  /** True when the child exited with ttd's divergence status. */
  boolean diverged() {
    return exitCode == Mode.DIVERGENCE_EXIT;
  }

  /** The number after {@code key} on a stdout line {@code "<key> <number>"}, if there is one. */
  OptionalLong value(String key) {
    for (String line : stdout.split("\n")) {
      String[] parts = line.trim().split("\\s+");
      if (parts.length >= 2 && parts[0].equals(key)) {
        try {
          return OptionalLong.of(Long.parseLong(parts[1]));
        } catch (NumberFormatException e) {
          return OptionalLong.empty();
        }
      }
    }
    return OptionalLong.empty();
  }

  /** The last {@code n} non-blank lines of stderr, for failure notes. */
  List<String> stderrTail(int n) {
    List<String> lines =
        Arrays.stream(stderr.split("\n")).filter(l -> !l.isBlank()).toList();
    return lines.subList(Math.max(0, lines.size() - n), lines.size());
  }
}
