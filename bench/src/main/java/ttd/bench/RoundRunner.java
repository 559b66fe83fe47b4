package ttd.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Runs one workload's rounds: an untimed warm-up round, then N timed ones, each a plain run, a
 * recorded run into a fresh directory and a replay of that recording, back to back.
 *
 * <p>Interleaving the modes round by round, instead of running all plain runs first, spreads any
 * drift of the machine (another build starting, the CPU warming up) over every mode alike. One
 * untimed warm-up round (of the start-up workload, before all the others) fills the OS file cache
 * with the JDK, ttd.jar and the bench classes, and fills ttd's unpacking cache, so that no timed
 * run pays for a first use; a warm-up round of each long workload would add a minute to every
 * invocation and warm nothing more, since nothing else survives from one JVM to the next. Each
 * recording is checked with {@code ttd info} and deleted before the next round.
 */
final class RoundRunner {

  private final BenchOptions options;
  private final ChildLauncher launcher;
  private final Path recordings;
  private final PrintStream progress;

  /**
   * @param recordings the directory under which each round's recording is made and deleted
   * @param progress where a line per round goes while the benchmark runs (not the report)
   */
  RoundRunner(BenchOptions options, ChildLauncher launcher, Path recordings, PrintStream progress) {
    this.options = options;
    this.launcher = launcher;
    this.recordings = recordings;
    this.progress = progress;
  }

  /** The untimed round 0: runs {@code w} in every mode and forgets the figures. */
  void warmUp(Workload w) {
    round(w, 0, new WorkloadResult(w));
  }

  /** The timed rounds 1..N of {@code w}. */
  WorkloadResult run(Workload w) {
    WorkloadResult result = new WorkloadResult(w);
    for (int round = 1; round <= options.runs; round++) {
      round(w, round, result);
    }
    return result;
  }

  private void round(Workload w, int round, WorkloadResult result) {
    Path dir = recordings.resolve(w.key() + "-" + round);
    ChildRun plain = launcher.run(Mode.PLAIN, round, Mode.PLAIN.command(options, w, null), w.peer());
    ChildRun record = launcher.run(Mode.RECORD, round, Mode.RECORD.command(options, w, dir), w.peer());
    ChildRun replay;
    RecordingInfo info = null;
    if (Files.isDirectory(dir)) {
      info = RecordingInfo.of(launcher, options, dir, round);
    }
    if (!record.ok()) {
      replay = ChildRun.skipped(Mode.REPLAY, round, "not run: the recording failed");
    } else {
      replay =
          checkReplay(record, launcher.run(Mode.REPLAY, round, Mode.REPLAY.command(options, w, dir)));
    }
    delete(dir);
    check(result, record, info);
    progress.printf(
        "  %-16s %-10s plain %s  record %s  replay %s%n",
        w.label(),
        round == 0 ? "warm-up" : "round " + round + "/" + options.runs,
        brief(plain),
        brief(record),
        brief(replay));
    if (round > 0) {
      result.addRound(plain, record, replay, info);
    }
  }

  /** A replay counts only if it ends like the recording did and prints the same stdout. */
  private static ChildRun checkReplay(ChildRun record, ChildRun replay) {
    if (!replay.ok()) {
      return replay;
    }
    if (replay.exitCode() != record.exitCode()) {
      return replay.withProblem(
          "exit " + replay.exitCode() + " where the recording exited " + record.exitCode());
    }
    if (!replay.stdout().equals(record.stdout())) {
      return replay.withProblem("stdout differs from the recording's");
    }
    return replay;
  }

  /** Notes what a recording's info says that makes its figures doubtful. */
  private static void check(WorkloadResult result, ChildRun record, RecordingInfo info) {
    if (!record.ok() || info == null) {
      return;
    }
    if (!info.ok()) {
      result.note(info.problem());
    } else if (!info.status().equals("complete")) {
      result.note("ttd info says a recording's status is '" + info.status() + "'");
    }
    long calls = result.workload().loopCalls();
    if (info.ok() && result.workload().key().equals(Workload.CLOCK) && info.events() < calls) {
      result.note(
          "a recording holds only " + info.events() + " events for " + calls
              + " System.nanoTime() calls: the loop's calls were not all captured");
    }
  }

  private static String brief(ChildRun r) {
    return r.ok() ? String.format("%.0f ms", r.wallMillis()) : "[" + r.problem() + "]";
  }

  /** Deletes a recording directory and everything in it; a failure here is only reported. */
  static void delete(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      System.err.println("ttd-bench: could not delete " + dir + ": " + e);
    }
  }
}
