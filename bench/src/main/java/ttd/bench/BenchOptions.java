package ttd.bench;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The harness's command line: which JDK runs the child JVMs, which ttd.jar records and replays
 * them, how many timed rounds to run and how big the workloads are.
 *
 * <p>Everything has a default that works from a built checkout: the running JVM's java, the
 * {@code dist/target/ttd.jar} beside this module, the directory this class was loaded from as the
 * workloads' class path.
 */
final class BenchOptions {

  static final String USAGE =
      String.join(
          "\n",
          "usage: java -cp bench/target/classes ttd.bench.BenchMain [options]",
          "  --java PATH        java executable of the child JVMs (default: the running JVM's)",
          "  --ttd-jar PATH     ttd.jar (default: dist/target/ttd.jar of this checkout)",
          "  --runs N           timed rounds per workload, after one untimed warm-up (default 5)",
          "  --only LIST        comma-separated subset of: " + String.join(",", Workload.KEYS) + " (default: all)",
          "  --cpu-scale X      multiplies the CPU-bound workload's work (default 1.0)",
          "  --clock-calls N    System.nanoTime() calls of the clock workload (default 10000000)",
          "  --uuid-calls N     UUID.randomUUID() calls of the uuid workload (default 100000)",
          "  --timeout-s N      kill a child JVM that runs longer than this (default 180)",
          "  --agent-options L  comma-separated agent options added to every recording, e.g. path");

  String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
  Path ttdJar;
  int runs = 5;
  List<String> only = Workload.KEYS;
  double cpuScale = 1.0;
  int clockCalls = ClockLoopWorkload.DEFAULT_CALLS;
  int uuidCalls = UuidWorkload.DEFAULT_CALLS;
  long timeoutSeconds = 180;
  /** Agent options added to every recording's ({@code ,path} for the divergence finder), or "". */
  String agentOptions = "";
  String classPath;

  /** Parses {@code args}; throws IllegalArgumentException with one sentence on a bad option. */
  static BenchOptions parse(String[] args) {
    BenchOptions o = new BenchOptions();
    Flags.each(args, (a, v) -> {
      switch (a) {
        case "--java" -> o.java = v;
        case "--ttd-jar" -> o.ttdJar = Paths.get(v);
        case "--runs" -> o.runs = Flags.positive(a, v);
        case "--only" -> o.only = List.of(v.split(","));
        case "--cpu-scale" -> o.cpuScale = Double.parseDouble(v);
        case "--clock-calls" -> o.clockCalls = Flags.positive(a, v);
        case "--uuid-calls" -> o.uuidCalls = Flags.positive(a, v);
        case "--timeout-s" -> o.timeoutSeconds = Flags.positive(a, v);
        case "--agent-options" -> o.agentOptions = "," + v;
        default -> throw new IllegalArgumentException("unknown option " + a);
      }
    });
    o.classPath = ownClassPath();
    if (o.ttdJar == null) {
      o.ttdJar = defaultTtdJar(Paths.get(o.classPath));
    }
    if (!Files.isRegularFile(o.ttdJar)) {
      throw new IllegalArgumentException("no ttd.jar at " + o.ttdJar + "; pass --ttd-jar");
    }
    if (!new File(o.java).canExecute()) {
      throw new IllegalArgumentException("no java executable at " + o.java);
    }
    List<String> bad = new ArrayList<>(o.only);
    bad.removeAll(Workload.KEYS);
    if (!bad.isEmpty()) {
      throw new IllegalArgumentException("--only takes " + Workload.KEYS + ", not " + bad);
    }
    return o;
  }

  /** The directory or jar this harness was loaded from; the workloads are there too. */
  private static String ownClassPath() {
    try {
      return Paths.get(BenchOptions.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (URISyntaxException | NullPointerException e) {
      return System.getProperty("java.class.path");
    }
  }

  /** {@code <checkout>/dist/target/ttd.jar} when running from {@code bench/target/classes}. */
  private static Path defaultTtdJar(Path classes) {
    Path module = classes.toAbsolutePath().getParent(); // bench/target
    for (int up = 0; up < 3 && module != null; up++) {
      Path candidate = module.resolve("dist").resolve("target").resolve("ttd.jar");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
      module = module.getParent();
    }
    return Paths.get("dist", "target", "ttd.jar");
  }

  boolean wants(String workload) {
    return only.contains(workload);
  }
}
