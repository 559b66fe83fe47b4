package ttd.bench.reverse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The debugger console's benchmark, in the shape: records {@link ReverseWorkload} for a
 * given number of seconds (30 by default), then drives {@code ttd debug} in batch mode one command
 * at a time ({@link ConsoleDriver}) and times each. From the stop at {@code finish}, per round:
 * back to checkpoint 1 (at {@code finish}), {@code stop in second}, wait until the ladder's JVMs
 * are parked and the breakpoint indexed (as while the user reads), reverse-continue to {@code
 * second} (about 1 s back), once more at once (another second back, with what the first search
 * left of the ladder), then back to the checkpoint, {@code stop in markFar}, wait again, and
 * reverse-continue to {@code markFar} (the whole run back); then reverse-step and reverse-next from
 * {@code finish}, each at once after the one before, and again each after waiting for the ladder
 * (as while the user reads: a line step takes two JVMs from a rung, which the ladder then
 * replaces), and reverse-continue with no earlier hit (a breakpoint set before the run, and one
 * set at the stop). Then a reverse-step right after the first run, and the same line steps, after loops of {@code --loops} iterations
 * ({@link LoopWorkload}), and {@code history --last 10} of a field the loop of {@code
 * --history-writes} iterations writes each time, each against a headless replay of its recording.
 * Prints median and max of each, the
 * forward run under the console against a headless replay, the cost of a checkpoint and of the
 * ladder (how long after a run its JVMs are all parked), the resident memory of the console's
 * replay JVMs, and the load average. The console runs in batch mode, so the ladder and the index
 * (on by default only on a terminal) are asked for; later {@code --console-option}s override.
 *
 * <pre>java -cp bench/target/classes ttd.bench.reverse.ReverseBench --ttd-jar dist/target/ttd.jar [--seconds 30] [--rounds 3] [--loops 100000,1000000,10000000] [--history-writes 1000000] [--echo true]</pre>
 *
 * <p>{@code --echo true} copies the console's transcript to stderr (with {@code --console-option
 * -Dttd.debug.traceRungs=true}: which rung each search starts from).
 */
public final class ReverseBench {

  private static final String W = ReverseWorkload.class.getName();

  private ReverseBench() {}

  public static void main(String[] args) throws Exception {
    String jar = null;
    int seconds = 30;
    int rounds = 3;
    boolean echo = false;
    long[] loops = {100_000, 1_000_000, 10_000_000};
    long historyWrites = 1_000_000;
    List<String> consoleOptions = new ArrayList<>(List.of("-Dttd.debug.rungSpacingMs=600", "-Dttd.debug.hitIndex=true"));
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--ttd-jar": jar = Paths.get(args[i + 1]).toAbsolutePath().toString(); break; // the runs start in a scratch directory
        case "--seconds": seconds = Integer.parseInt(args[i + 1]); break;
        case "--rounds": rounds = Integer.parseInt(args[i + 1]); break;
        case "--console-option": consoleOptions.add(args[i + 1]); break;
        case "--echo": echo = Boolean.parseBoolean(args[i + 1]); break;
        case "--loops": loops = java.util.Arrays.stream(args[i + 1].split(",")).filter(x -> !x.isEmpty()).mapToLong(Long::parseLong).toArray(); break;
        case "--history-writes": historyWrites = Long.parseLong(args[i + 1]); break;
        default: throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (jar == null) {
      System.err.println("usage: ReverseBench --ttd-jar PATH [--seconds N] [--rounds N] [--loops N,N,...] [--history-writes N] [--console-option -Dname=value] [--echo true]");
      System.exit(2);
    }
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String cp = Paths.get(ReverseWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    Path tmp = Files.createTempDirectory("ttd-reverse-bench-");
    Path rec = tmp.resolve("rec");
    String loadBefore = load();
    long t0 = System.nanoTime();
    ConsoleDriver.run(List.of(java, "-javaagent:" + jar + "=out=" + rec + ",quiet", "-cp", cp, W, Integer.toString(seconds)), tmp);
    double recordS = (System.nanoTime() - t0) / 1e9;
    t0 = System.nanoTime();
    ConsoleDriver.run(List.of(java, "-jar", jar, "replay", rec.toString()), tmp);
    double replayS = (System.nanoTime() - t0) / 1e9;

    List<String> cmd = new ArrayList<>(List.of(java));
    cmd.addAll(consoleOptions);
    cmd.addAll(List.of("-jar", jar, "debug", rec.toString()));
    List<Double> near = new ArrayList<>();
    List<Double> nearAgain = new ArrayList<>();
    List<Double> far = new ArrayList<>();
    List<Double> stepBack = new ArrayList<>();
    List<Double> nextBack = new ArrayList<>();
    List<Double> stepParked = new ArrayList<>();
    List<Double> nextParked = new ArrayList<>();
    List<Double> noneKnown = new ArrayList<>();
    List<Double> noneScanned = new ArrayList<>();
    List<Double> ladder = new ArrayList<>();
    List<Double> restart = new ArrayList<>();
    List<String> landings = new ArrayList<>();
    double runS;
    double checkpointS;
    ConsoleDriver.Memory memory;
    try (ConsoleDriver c = new ConsoleDriver(cmd, tmp, echo)) {
      c.command("stop in " + W + ".finish");
      runS = c.command("run").seconds();
      checkpointS = c.command("checkpoint").seconds();
      ladder.add(c.awaitLadder());
      for (int r = 0; r < rounds; r++) {
        restart.add(c.command("restart 1").seconds());
        c.command("stop in " + W + ".second");
        ladder.add(c.awaitLadder());
        near.add(c.command("reverse-continue").seconds());
        landings.add(c.command("print n").firstLine());
        nearAgain.add(c.command("reverse-continue").seconds());
        landings.add(c.command("print n").firstLine());
        c.command("clear " + W + ".second");
        restart.add(c.command("restart 1").seconds());
        c.command("stop in " + W + ".markFar");
        ladder.add(c.awaitLadder());
        far.add(c.command("reverse-continue").seconds());
        landings.add(c.command("where").firstLine());
        c.command("clear " + W + ".markFar");
        restart.add(c.command("restart 1").seconds());
        noneKnown.add(c.command("reverse-continue").seconds()); // stop in finish, set before the run: nothing earlier
        stepBack.add(c.command("reverse-step").seconds());
        landings.add(c.command("where").firstLine());
        nextBack.add(c.command("reverse-next").seconds());
        landings.add(c.command("where").firstLine());
        stepsParked(c, stepParked, nextParked, landings);
        restart.add(c.command("restart 1").seconds());
        c.command("stop in " + W + ".neverCalled");
        noneScanned.add(c.command("reverse-continue").seconds()); // a breakpoint set now: searched (or looked up in the index)
        c.command("clear " + W + ".neverCalled");
      }
      c.awaitLadder();
      memory = c.memory();
    }

    System.out.printf("ttd reverse benchmark: java %s, workload %d s recorded (record %.1f s wall), %d rounds, load average %s before, %s after%n",
        Runtime.version(), seconds, recordS, rounds, loadBefore, load());
    System.out.printf("  headless replay:                       %6.2f s wall (JVM start included)%n", replayS);
    System.out.printf("  run under the console:                 %6.2f s to the stop at finish()%n", runS);
    System.out.printf("  reverse-continue ~1 s back (ladder parked): median %6.2f s, max %6.2f s  (%s)%n", median(near), max(near), near);
    System.out.printf("  reverse-continue 1 s further, at once:      median %6.2f s, max %6.2f s  (%s)%n", median(nearAgain), max(nearAgain), nearAgain);
    System.out.printf("  reverse-continue to the start (~%d s back): median %6.2f s, max %6.2f s  (%s)%n", seconds, median(far), max(far), far);
    System.out.printf("  reverse-step from finish():            median %6.2f s, max %6.2f s  (%s), %.2fx the headless replay%n", median(stepBack), max(stepBack), stepBack, median(stepBack) / replayS);
    System.out.printf("  reverse-next after it (into the loop): median %6.2f s, max %6.2f s  (%s), %.2fx%n", median(nextBack), max(nextBack), nextBack, median(nextBack) / replayS);
    System.out.printf("  the same, ladder parked before each:   median %6.2f s and %6.2f s, max %6.2f s and %6.2f s  (%s, %s), %.2fx and %.2fx%n",
        median(stepParked), median(nextParked), max(stepParked), max(nextParked), stepParked, nextParked, median(stepParked) / replayS, median(nextParked) / replayS);
    System.out.printf("  no earlier hit, breakpoint set before the run: median %6.2f s, max %6.2f s  (%s), %.2fx%n", median(noneKnown), max(noneKnown), noneKnown, median(noneKnown) / replayS);
    System.out.printf("  no earlier hit, breakpoint set at the stop:    median %6.2f s, max %6.2f s  (%s), %.2fx%n", median(noneScanned), max(noneScanned), noneScanned, median(noneScanned) / replayS);
    System.out.printf("  checkpoint:                            %6.3f s%n", checkpointS);
    System.out.printf("  restart 1:                             median %6.2f s, max %6.2f s%n", median(restart), max(restart));
    System.out.printf("  ladder parked and index built (after the run; after each restart and stop in): median %6.1f s, max %6.1f s  (%s)%n", median(ladder), max(ladder), ladder);
    System.out.printf("  replay JVMs' memory with the ladder parked: %d MiB resident in %d JVMs (%d MiB each on average)%n",
        memory.kib() / 1024, memory.jvms(), memory.jvms() == 0 ? 0 : memory.kib() / 1024 / memory.jvms());
    System.out.println("  landings: " + landings);
    for (long n : loops) {
      loop(java, jar, cp, tmp, n, rounds, consoleOptions, echo, n == historyWrites);
    }
  }

  /**
   * Records {@link LoopWorkload} with {@code n} iterations, replays it headless, and times
   * reverse-step right after the first run to {@code after} in a new console (as the issue typed
   * it; the console's JVMs at the first event parked first, as while the user types), then from
   * the stop in {@code after}: reverse-step (to the call after the loop), reverse-next (into the loop's
   * last iteration), reverse-continue with no earlier hit (breakpoint set before the run, and one
   * set at the stop), and with {@code history} a {@code history --last 10} of the field the loop
   * writes {@code n} times; each against the headless replay.
   */
  private static void loop(String java, String jar, String cp, Path tmp, long n, int rounds, List<String> consoleOptions, boolean echo, boolean history)
      throws Exception {
    String l = LoopWorkload.class.getName();
    Path rec = tmp.resolve("loop-" + n);
    ConsoleDriver.run(List.of(java, "-javaagent:" + jar + "=out=" + rec + ",quiet", "-cp", cp, l, Long.toString(n)), tmp);
    long t0 = System.nanoTime();
    ConsoleDriver.run(List.of(java, "-jar", jar, "replay", rec.toString()), tmp);
    double replayS = (System.nanoTime() - t0) / 1e9;
    List<String> cmd = new ArrayList<>(List.of(java));
    cmd.addAll(consoleOptions);
    cmd.addAll(List.of("-jar", jar, "debug", rec.toString()));
    List<Double> step = new ArrayList<>();
    List<Double> next = new ArrayList<>();
    List<Double> stepParked = new ArrayList<>();
    List<Double> nextParked = new ArrayList<>();
    List<Double> noneKnown = new ArrayList<>();
    List<Double> noneScanned = new ArrayList<>();
    List<Double> last10 = new ArrayList<>();
    List<Double> afterRun = new ArrayList<>();
    List<String> landings = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      try (ConsoleDriver c = new ConsoleDriver(cmd, tmp, echo)) {
        c.command("stop in " + l + ".after");
        c.awaitLadder(); // as while the user types the run: the JVMs primed at the first event are parked
        c.command("run");
        afterRun.add(c.command("reverse-step").seconds());
        landings.add(c.command("where").firstLine());
      }
    }
    double runS;
    try (ConsoleDriver c = new ConsoleDriver(cmd, tmp, echo)) {
      c.command("stop in " + l + ".after");
      runS = c.command("run").seconds();
      c.command("checkpoint");
      c.awaitLadder();
      for (int r = 0; r < rounds; r++) {
        c.command("restart 1");
        noneKnown.add(c.command("reverse-continue").seconds());
        step.add(c.command("reverse-step").seconds());
        landings.add(c.command("where").firstLine());
        next.add(c.command("reverse-next").seconds());
        landings.add(c.command("where").firstLine());
        stepsParked(c, stepParked, nextParked, landings);
        c.command("restart 1");
        c.command("stop in " + l + ".neverCalled");
        noneScanned.add(c.command("reverse-continue").seconds());
        c.command("clear " + l + ".neverCalled");
        if (history) {
          ConsoleDriver.Result h = c.command("history " + l + ".total --last 10");
          last10.add(h.seconds());
          landings.add(h.firstLine());
        }
      }
    }
    System.out.printf("loop of %d iterations, recorded; headless replay %.2f s wall; run under the console to after() %.2f s%n", n, replayS, runS);
    System.out.printf("  reverse-step right after the first run (a new console): median %6.2f s, max %6.2f s  (%s), %.2fx%n", median(afterRun), max(afterRun), afterRun, median(afterRun) / replayS);
    System.out.printf("  reverse-step from after():     median %6.2f s, max %6.2f s  (%s), %.2fx the headless replay%n", median(step), max(step), step, median(step) / replayS);
    System.out.printf("  reverse-next (into the loop):  median %6.2f s, max %6.2f s  (%s), %.2fx%n", median(next), max(next), next, median(next) / replayS);
    System.out.printf("  the same, ladder parked before each: median %6.2f s and %6.2f s, max %6.2f s and %6.2f s  (%s, %s), %.2fx and %.2fx%n",
        median(stepParked), median(nextParked), max(stepParked), max(nextParked), stepParked, nextParked, median(stepParked) / replayS, median(nextParked) / replayS);
    System.out.printf("  no earlier hit, set before the run: median %6.2f s, max %6.2f s  (%s), %.2fx%n", median(noneKnown), max(noneKnown), noneKnown, median(noneKnown) / replayS);
    System.out.printf("  no earlier hit, set at the stop:    median %6.2f s, max %6.2f s  (%s), %.2fx%n", median(noneScanned), max(noneScanned), noneScanned, median(noneScanned) / replayS);
    if (history) {
      System.out.printf("  history LoopWorkload.total --last 10 (%d writes): median %6.2f s, max %6.2f s  (%s), %.2fx%n", n, median(last10), max(last10), last10, median(last10) / replayS);
    }
    System.out.println("  landings: " + landings);
  }

  private static String load() throws java.io.IOException {
    String[] l = Files.readString(Path.of("/proc/loadavg")).split(" ");
    return l[0] + " " + l[1] + " " + l[2];
  }

  /**
   * Back at checkpoint 1, a reverse-step and a reverse-next, each after waiting for the ladder's
   * JVMs to be parked (as while the user reads).
   */
  private static void stepsParked(ConsoleDriver c, List<Double> step, List<Double> next, List<String> landings) throws Exception {
    c.command("restart 1");
    c.awaitLadder();
    step.add(c.command("reverse-step").seconds());
    landings.add(c.command("where").firstLine());
    c.awaitLadder();
    next.add(c.command("reverse-next").seconds());
    landings.add(c.command("where").firstLine());
  }

  static double median(List<Double> xs) {
    List<Double> s = new ArrayList<>(xs);
    Collections.sort(s);
    if (s.isEmpty()) {
      return Double.NaN;
    }
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  static double max(List<Double> xs) {
    return xs.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }
}
