package ttd.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Entry point of ttd's benchmark: runs whole child JVMs plain, under ttd's recorder and under
 * ttd's replayer, side by side in one invocation, and prints the figures as ratios against the
 * plain runs.
 *
 * <p>Whole JVMs, because what a user pays for is the whole run: the agent's start-up, the
 * instrumentation of every loaded class and the log writing, not a micro-benchmark's inner loop.
 * Ratios against a plain run measured in the same invocation, because absolute times on a shared
 * machine mean little. It is not a test and never fails: it prints, and exits 0 unless its own
 * command line is wrong. Run it with {@code bench/run.sh}, or:
 *
 * <pre>java -cp bench/target/classes ttd.bench.BenchMain --ttd-jar dist/target/ttd.jar</pre>
 */
public final class BenchMain {

  private BenchMain() {}

  public static void main(String[] args) throws IOException {
    BenchOptions o;
    try {
      o = BenchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      if (!e.getMessage().isEmpty()) {
        System.err.println("ttd-bench: " + e.getMessage());
      }
      System.err.println(BenchOptions.USAGE);
      System.exit(e.getMessage().isEmpty() ? 0 : 2);
      return;
    }
    Path tmp = Files.createTempDirectory("ttd-bench-");
    Thread cleanup = new Thread(() -> RoundRunner.delete(tmp), "ttd-bench-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    try {
      ChildLauncher launcher = new ChildLauncher(tmp, o.timeoutSeconds);
      JdkVersion jdk = JdkVersion.of(launcher, o.java);
      List<Workload> workloads = Workload.selected(o, tmp);
      System.err.printf(
          "ttd-bench: java %s, 1 warm-up round, then %d timed rounds of %d workloads (plain, record,"
              + " replay interleaved); recordings under %s%n",
          jdk.shortVersion(), o.runs, workloads.size(), tmp);
      String loadBefore = loadAverage();
      RoundRunner runner = new RoundRunner(o, launcher, tmp, System.err);
      runner.warmUp(Workload.startup());
      List<WorkloadResult> results = new ArrayList<>();
      for (Workload w : workloads) {
        results.add(runner.run(w));
      }
      System.err.println();
      System.err.flush();
      new Report(System.out).print(jdk, o, results, loadBefore, loadAverage());
    } finally {
      RoundRunner.delete(tmp);
    }
  }

  /**
   * The 1-minute load average from /proc/loadavg, or "?" where there is none: figures taken
   * while other work keeps the CPUs busy are noisy, and the report says how busy they were.
   */
  static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0];
    } catch (IOException | RuntimeException e) {
      return "?";
    }
  }
}
