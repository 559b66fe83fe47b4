package ttd.bench;

import java.util.List;

/**
 * One corpus program's runs in {@link CorpusBench}: plain, recorded, the replays, the log size.
 *
 * @param main the program's main class
 * @param plain the run without ttd
 * @param record the recorded run
 * @param replays each replay of that recording (none when nothing was recorded)
 * @param info {@code ttd info} of the recording, or null when there is none
 */
record CorpusResult(String main, ChildRun plain, ChildRun record, List<ChildRun> replays, RecordingInfo info) {

  /** The recording ran to exit 0. */
  boolean recorded() {
    return record.ok();
  }

  /** The replays that printed exactly the recorded output and exited with its status. */
  List<ChildRun> identicalReplays() {
    return recorded()
        ? replays.stream().filter(r -> r.exitCode() == record.exitCode() && r.stdout().equals(record.stdout())
            && r.stderr().equals(record.stderr())).toList()
        : List.of();
  }

  /** Recorded wall time over plain, NaN unless both ran to exit 0. */
  double recordRatio() {
    return plain.ok() && recorded() ? record.wallMillis() / plain.wallMillis() : Double.NaN;
  }

  /** Median wall time of the identical replays over plain, NaN when there is none. */
  double replayRatio() {
    List<Double> walls = identicalReplays().stream().map(ChildRun::wallMillis).toList();
    return plain.ok() && !walls.isEmpty() ? Stats.of(walls).median() / plain.wallMillis() : Double.NaN;
  }

  /** Log bytes per second of the plain run's wall time, NaN when unknown. */
  double logBytesPerPlainSecond() {
    return info != null && info.ok() && plain.ok() ? info.logBytes() / (plain.wallMillis() / 1000) : Double.NaN;
  }

  /** Why a run is not identical: the first problem, with ttd's own first line, or null. */
  String firstProblem() {
    if (!plain.ok()) {
      return "plain run " + plain.problem() + ": " + String.join(" | ", plain.stderrTail(2));
    }
    if (!recorded()) {
      return "record " + record.problem() + ": " + String.join(" | ", record.stderrTail(2));
    }
    for (ChildRun r : replays) {
      if (!identicalReplays().contains(r)) {
        String ttd = r.stderr().lines().filter(l -> l.startsWith("ttd:")).findFirst().orElse("other output");
        return "replay " + r.round() + " exit " + r.exitCode() + ": " + ttd;
      }
    }
    return null;
  }

  String progressLine() {
    return String.format("%s: plain %.1f s, record %s, %d/%d replays identical", main, plain.wallMillis() / 1000,
        recorded() ? String.format("%.1f s", record.wallMillis() / 1000) : record.problem(),
        identicalReplays().size(), replays.size());
  }
}
