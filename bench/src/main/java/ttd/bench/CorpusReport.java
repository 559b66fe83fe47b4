package ttd.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import ttd.compat.Corpus;
import ttd.compat.Corpus.KnownFailure;

/**
 * The corpus pass table of {@code compat/run.sh}: per program the plain wall time, the recorded
 * and replayed wall-time ratios against it, how many replays were identical, the log's size and
 * its bytes per second of plain run time; then the geometric means over the corpus and, for each
 * program that did not replay identically, why (and its known-failures.txt class, if listed).
 */
final class CorpusReport {

  /** Issue 12's goals, geometric means over the corpus, start-up included. */
  static final double GOAL_RECORD = 2.0;
  static final double GOAL_REPLAY = 1.5;

  private static final String ROW = "%-36s %8s %10s %10s %9s %10s %10s  %s%n";

  private final PrintStream out;

  CorpusReport(PrintStream out) {
    this.out = out;
  }

  void print(JdkVersion jdk, String java, int replays, List<CorpusResult> results, Map<String, KnownFailure> known,
      String loadBefore, String loadAfter) {
    int feature = Integer.parseInt(jdk.shortVersion().split("[.+-]")[0]);
    out.printf("ttd corpus  (java %s, 1 plain run, 1 recording, %d replays each; wall times of whole JVMs)%n",
        jdk.fullVersion(), replays);
    out.printf("java: %s%ncpus: %d, load average %s at start, %s at end%n%n",
        java, Runtime.getRuntime().availableProcessors(), loadBefore, loadAfter);
    out.printf(ROW, "program", "plain s", "rec/plain", "rep/plain", "identical", "log KiB", "log B/s", "known failure");
    double logSum = 0;
    int nLog = 0;
    double logRecord = 0;
    int nRecord = 0;
    double logReplay = 0;
    int nReplay = 0;
    int passed = 0;
    for (CorpusResult r : results) {
      Optional<KnownFailure> k = Corpus.knownFailure(known, r.main(), feature);
      out.printf(ROW, Corpus.shortName(r.main()),
          r.plain().ok() ? String.format("%.2f", r.plain().wallMillis() / 1000) : "fail",
          ratio(r.recordRatio()), ratio(r.replayRatio()),
          r.identicalReplays().size() + "/" + r.replays().size(),
          r.info() != null && r.info().ok() ? String.format("%.0f", r.info().logBytes() / 1024.0) : "-",
          Double.isNaN(r.logBytesPerPlainSecond()) ? "-" : String.format("%.0f", r.logBytesPerPlainSecond()),
          k.map(f -> "class " + f.failureClass()).orElse(""));
      if (!Double.isNaN(r.recordRatio())) {
        logRecord += Math.log(r.recordRatio());
        nRecord++;
      }
      if (!Double.isNaN(r.replayRatio())) {
        logReplay += Math.log(r.replayRatio());
        nReplay++;
      }
      if (!Double.isNaN(r.logBytesPerPlainSecond())) {
        logSum += r.logBytesPerPlainSecond();
        nLog++;
      }
      if (!r.replays().isEmpty() && r.identicalReplays().size() == r.replays().size()) {
        passed++;
      }
    }
    out.printf("%nreplayed identically every time: %d of %d programs%n", passed, results.size());
    out.printf("geometric mean record/plain: %s over %d programs (goal <= %.1fx)%n",
        ratio(nRecord == 0 ? Double.NaN : Math.exp(logRecord / nRecord)), nRecord, GOAL_RECORD);
    out.printf("geometric mean replay/plain: %s over %d programs with identical replays (goal <= %.1fx)%n",
        ratio(nReplay == 0 ? Double.NaN : Math.exp(logReplay / nReplay)), nReplay, GOAL_REPLAY);
    out.printf("log bytes per second of plain run time: %.0f, the mean over %d programs%n",
        nLog == 0 ? Double.NaN : logSum / nLog, nLog);
    boolean header = false;
    for (CorpusResult r : results) {
      String problem = r.firstProblem();
      if (problem != null) {
        if (!header) {
          out.printf("%nnot identical:%n");
          header = true;
        }
        out.printf("  %s: %s%n", Corpus.shortName(r.main()), problem);
      }
    }
  }

  private static String ratio(double r) {
    return Double.isNaN(r) ? "-" : String.format("%.2fx", r);
  }
}
