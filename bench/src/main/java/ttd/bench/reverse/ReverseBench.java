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
 * reverse-continue to {@code markFar} (the whole run back). Prints median and max of each, the
 * forward run under the console against a headless replay, the cost of a checkpoint and of the
 * ladder (how long after a run its JVMs are all parked), the resident memory of the console's
 * replay JVMs, and the load average. The console runs in batch mode, so the ladder and the index
 * (on by default only on a terminal) are asked for; later {@code --console-option}s override.
 *
 * <pre>java -cp bench/target/classes ttd.bench.reverse.ReverseBench --ttd-jar dist/target/ttd.jar [--seconds 30] [--rounds 3] [--echo true]</pre>
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
    List<String> consoleOptions = new ArrayList<>(List.of("-Dttd.debug.rungSpacingMs=600", "-Dttd.debug.hitIndex=true"));
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--ttd-jar": jar = Paths.get(args[i + 1]).toAbsolutePath().toString(); break; // the runs start in a scratch directory
        case "--seconds": seconds = Integer.parseInt(args[i + 1]); break;
        case "--rounds": rounds = Integer.parseInt(args[i + 1]); break;
        case "--console-option": consoleOptions.add(args[i + 1]); break;
        case "--echo": echo = Boolean.parseBoolean(args[i + 1]); break;
        default: throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (jar == null) {
      System.err.println("usage: ReverseBench --ttd-jar PATH [--seconds N] [--rounds N] [--console-option -Dname=value] [--echo true]");
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
    System.out.printf("  checkpoint:                            %6.3f s%n", checkpointS);
    System.out.printf("  restart 1:                             median %6.2f s, max %6.2f s%n", median(restart), max(restart));
    System.out.printf("  ladder parked and index built (after the run; after each restart and stop in): median %6.1f s, max %6.1f s  (%s)%n", median(ladder), max(ladder), ladder);
    System.out.printf("  replay JVMs' memory with the ladder parked: %d MiB resident in %d JVMs (%d MiB each on average)%n",
        memory.kib() / 1024, memory.jvms(), memory.jvms() == 0 ? 0 : memory.kib() / 1024 / memory.jvms());
    System.out.println("  landings: " + landings);
  }

  private static String load() throws java.io.IOException {
    String[] l = Files.readString(Path.of("/proc/loadavg")).split(" ");
    return l[0] + " " + l[1] + " " + l[2];
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
