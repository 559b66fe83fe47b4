package ttd.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The scheduler's benchmark: the lock-heavy {@link LockWorkload} (or, with {@code --workload
 * virtual}, the {@link VirtualThreadWorkload}: ten thousand virtual threads) plain, plain pinned
 * to one CPU ({@code taskset -c 0}: what serializing the threads costs the JVM alone), recorded,
 * and replayed, round by round; then the bytes each schedule decision takes in the log.
 *
 * <p>Usage: {@code java -cp bench/target/classes ttd.bench.LockBench [--java PATH] [--ttd-jar
 * PATH] [--runs N] [--iterations N] [--workload lock|virtual] [--agent-options path]}
 * ({@code --iterations}: per thread for the lock workload, tasks for the virtual one). Figures are medians: the JVM's wall time (start-up
 * included: about 1 s for a recording, more for a replay), the time from the first thread's start
 * to the last join, and the four threads' own CPU time, which is the scheduler's cost; the load
 * average before and after is printed, since the machine is shared.
 * Bytes per decision are computed from {@code ttd events}: each decision's kind byte, thread
 * varint and tick delta varint, as the block encoder writes them (block starts, which reset the
 * deltas, are not visible there: an error of a few bytes per 32 KiB block).
 */
public final class LockBench {

  private LockBench() {}

  public static void main(String[] args) throws Exception {
    Integer count = null;
    boolean virtual = false;
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--iterations") && i + 1 < args.length) {
        count = Integer.parseInt(args[++i]);
      } else if (args[i].equals("--workload") && i + 1 < args.length) {
        virtual = args[++i].equals("virtual");
      } else {
        rest.add(args[i]);
      }
    }
    BenchOptions o = BenchOptions.parse(rest.toArray(new String[0]));
    String loadBefore = loadAverage();
    Path tmp = Files.createTempDirectory("ttd-lockbench");
    ChildLauncher launcher = new ChildLauncher(tmp, 600);
    int iterations = count != null ? count : virtual ? VirtualThreadWorkload.DEFAULT_TASKS : LockWorkload.DEFAULT_ITERATIONS;
    Class<?> workload = virtual ? VirtualThreadWorkload.class : LockWorkload.class;
    List<String> program = List.of("-cp", o.classPath, workload.getName(), Integer.toString(iterations));
    long[][] ms = new long[4][o.runs];
    long[][] loop = new long[3][o.runs];
    long[][] cpu = new long[3][o.runs];
    long[] logBytes = new long[o.runs];
    String[] labels = {"plain", "plain, taskset -c 0", "record", "replay"};
    double bytes = 0;
    long decisions = 0;
    for (int r = 0; r < o.runs; r++) {
      Path rec = tmp.resolve("rec-" + r);
      ms[0][r] = time(launcher, Mode.PLAIN, r, concat(List.of(o.java), program));
      loop[0][r] = millis(ClockLoopWorkload.LOOP_KEY);
      cpu[0][r] = millis(LockWorkload.CPU_KEY);
      ms[1][r] = time(launcher, Mode.PLAIN, r, concat(List.of("taskset", "-c", "0", o.java), program));
      loop[1][r] = millis(ClockLoopWorkload.LOOP_KEY);
      cpu[1][r] = millis(LockWorkload.CPU_KEY);
      ms[2][r] = time(launcher, Mode.RECORD, r,
          concat(List.of(o.java, "-javaagent:" + o.ttdJar.toAbsolutePath() + "=out=" + rec + ",quiet" + o.agentOptions), program));
      loop[2][r] = millis(ClockLoopWorkload.LOOP_KEY);
      cpu[2][r] = millis(LockWorkload.CPU_KEY);
      logBytes[r] = RecordingInfo.of(launcher, o, rec, r).logBytes();
      ms[3][r] = time(launcher, Mode.REPLAY, r,
          List.of(o.java, "-jar", o.ttdJar.toAbsolutePath().toString(), "replay", rec.toString()));
      if (r == 0) {
        ChildRun events = launcher.run(Mode.REPLAY, r,
            List.of(o.java, "-jar", o.ttdJar.toAbsolutePath().toString(), "events", rec.toString(), "--schedule", "--limit", "100000000"));
        long[] d = DecisionBytes.of(events.stdout());
        decisions = d[0];
        bytes = d[1];
      }
      RoundRunner.delete(rec);
    }
    RoundRunner.delete(tmp);
    System.out.printf(
        virtual
            ? "virtual-thread workload: %d tasks, a virtual thread each (sleep, monitor, ReentrantLock, AtomicLong), %d rounds, %s%s%n"
            : "lock workload: 4 threads x %d iterations (monitor, ReentrantLock, AtomicLong), %d rounds, %s%s%n",
        iterations, o.runs, o.java, o.agentOptions.isEmpty() ? "" : ", agent options " + o.agentOptions.substring(1));
    System.out.println("  load average before: " + loadBefore + ", after: " + loadAverage());
    long plain = median(ms[0]);
    long pinned = median(ms[1]);
    System.out.println("  wall time of the JVM (start-up included):");
    for (int m = 0; m < 4; m++) {
      long med = median(ms[m]);
      System.out.printf("  %-20s %7d ms   %.2fx plain   %.2fx pinned%n", labels[m], med,
          med / (double) plain, med / (double) pinned);
    }
    System.out.println("  first start to last join (loop-ns, wall):");
    for (int m = 0; m < 3; m++) {
      long med = median(loop[m]);
      System.out.printf("  %-20s %7d ms   %.2fx plain   %.2fx pinned%n", labels[m], med,
          med / (double) median(loop[0]), med / (double) median(loop[1]));
    }
    System.out.println(virtual
        ? "  the process's CPU time over the same span (cpu-ns, OperatingSystemMXBean):"
        : "  the four threads' own CPU time (cpu-ns, ThreadMXBean; least disturbed by load):");
    for (int m = 0; m < 3; m++) {
      long med = median(cpu[m]);
      System.out.printf("  %-20s %7d ms   %.2fx plain   %.2fx pinned%n", labels[m], med,
          med / (double) median(cpu[0]), med / (double) median(cpu[1]));
    }
    System.out.printf("  log: %d bytes (median), %.0f bytes per second of the plain run's wall time%n",
        median(logBytes), median(logBytes) / (plain / 1000.0));
    System.out.printf("  schedule decisions: %d, %.2f bytes each%n", decisions,
        decisions == 0 ? 0 : bytes / decisions);
  }

  private static ChildRun lastRun;

  private static long time(ChildLauncher launcher, Mode mode, int round, List<String> cmd) {
    ChildRun run = launcher.run(mode, round, cmd);
    if (!run.ok()) {
      throw new IllegalStateException(String.join(" ", cmd) + ": " + run.problem() + "\n" + run.stderr());
    }
    lastRun = run;
    return Math.round(run.wallMillis());
  }

  /** The workload's own {@code <key> <ns>} line of the last run, in ms. */
  private static long millis(String key) {
    for (String line : lastRun.stdout().split("\n")) {
      if (line.startsWith(key + " ")) {
        return Long.parseLong(line.substring(key.length() + 1).trim()) / 1_000_000;
      }
    }
    throw new IllegalStateException("no " + key + " line in " + lastRun.stdout());
  }

  /** The 1, 5 and 15 minute load averages, or "unknown" off Linux. */
  private static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (java.io.IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static long median(long[] values) {
    long[] s = values.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }
}
