package ttd.bench.reverse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Reverse-continue with a watch on one object, indexed against scanned: records {@link
 * ReverseWorkload} for a few seconds (2 by default: with a field watch set HotSpot runs the program
 * interpreted, and the index replays the whole recording with one; 3 s of workload took about 18
 * minutes to index on the 2-core machine under load), stops at {@code finish},
 * takes a checkpoint there and, per round, restarts it, sets {@code watch kept.seconds} (that
 * object only; the other tally is written after it), waits until the ladder is parked and the
 * watch indexed (as while the user reads), and times a reverse-continue to the last write to
 * {@code kept} (about a second back). Runs once with the index ({@code -Dttd.debug.hitIndex=true})
 * and once without (pass 1 scans from the ladder), and prints median and max of each and the load
 * average.
 *
 * <pre>java -cp bench/target/classes ttd.bench.reverse.WatchBench --ttd-jar dist/target/ttd.jar [--seconds 2] [--rounds 3]</pre>
 */
public final class WatchBench {

  private static final String W = ReverseWorkload.class.getName();

  private WatchBench() {}

  public static void main(String[] args) throws Exception {
    String jar = null;
    int seconds = 2;
    int rounds = 3;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--ttd-jar": jar = Paths.get(args[i + 1]).toAbsolutePath().toString(); break; // the runs start in a scratch directory
        case "--seconds": seconds = Integer.parseInt(args[i + 1]); break;
        case "--rounds": rounds = Integer.parseInt(args[i + 1]); break;
        default: throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (jar == null) {
      System.err.println("usage: WatchBench --ttd-jar PATH [--seconds N] [--rounds N]");
      System.exit(2);
    }
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String cp = Paths.get(ReverseWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    Path tmp = Files.createTempDirectory("ttd-watch-bench-");
    Path rec = tmp.resolve("rec");
    String loadBefore = load();
    ConsoleDriver.run(List.of(java, "-javaagent:" + jar + "=out=" + rec + ",quiet", "-cp", cp, W, Integer.toString(seconds)), tmp);
    List<String> report = new ArrayList<>();
    for (boolean indexed : new boolean[] {true, false}) {
      List<String> cmd = new ArrayList<>(List.of(java, "-Dttd.debug.rungSpacingMs=600", "-Dttd.debug.hitIndex=" + indexed,
          "-jar", jar, "debug", rec.toString()));
      List<Double> times = new ArrayList<>();
      List<Double> waits = new ArrayList<>();
      List<String> landings = new ArrayList<>();
      try (ConsoleDriver c = new ConsoleDriver(cmd, tmp, false)) {
        c.command("stop in " + W + ".finish");
        c.command("run");
        c.command("checkpoint");
        c.awaitLadder();
        for (int r = 0; r < rounds; r++) {
          c.command("restart 1");
          String set = c.command("watch kept.seconds").firstLine();
          if (!set.startsWith("Set watch modification of kept.seconds (that object only")) {
            throw new IllegalStateException("the watch on one object was not set (are the workload's classes compiled with -g?): " + set);
          }
          waits.add(c.awaitLadder());
          ConsoleDriver.Result rc = c.command("reverse-continue");
          times.add(rc.seconds());
          landings.add(String.join(" / ", rc.lines().subList(0, Math.min(2, rc.lines().size()))));
          c.command("unwatch kept.seconds");
        }
      }
      report.add(String.format("  %s: reverse-continue to the last write to kept (~1 s back): median %6.2f s, max %6.2f s  %s;"
          + " ladder%s ready after %s s%n    landings: %s", indexed ? "indexed" : "scanned", ReverseBench.median(times),
          ReverseBench.max(times), times, indexed ? " and index" : "", waits, landings));
    }
    System.out.printf("ttd watch-on-one-object benchmark: java %s, workload %d s recorded, %d rounds, load average %s before, %s after%n",
        Runtime.version(), seconds, rounds, loadBefore, load());
    report.forEach(System.out::println);
  }

  private static String load() throws java.io.IOException {
    String[] l = Files.readString(Path.of("/proc/loadavg")).split(" ");
    return l[0] + " " + l[1] + " " + l[2];
  }
}
