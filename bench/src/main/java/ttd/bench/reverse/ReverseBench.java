package ttd.bench.reverse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The debugger console's benchmark: records {@link ReverseWorkload} for a given number of seconds,
 * then drives {@code ttd debug} in batch mode and times each command by when the console echoes
 * the next one (batch mode reads a command only when the previous one has finished). Prints the
 * latency of reverse-continue to a hit about one second back and to one at the start (median and
 * max over the rounds), the cost of a checkpoint and of a restart from it, the forward run under
 * the console against a headless replay, and the resident memory of the console's replay JVMs.
 *
 * <pre>java -cp bench/target/classes ttd.bench.reverse.ReverseBench --ttd-jar dist/target/ttd.jar [--seconds 10] [--rounds 3]</pre>
 */
public final class ReverseBench {

  private static final String W = ReverseWorkload.class.getName();

  private ReverseBench() {}

  public static void main(String[] args) throws Exception {
    String jar = null;
    int seconds = 10;
    int rounds = 3;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--ttd-jar": jar = args[i + 1]; break;
        case "--seconds": seconds = Integer.parseInt(args[i + 1]); break;
        case "--rounds": rounds = Integer.parseInt(args[i + 1]); break;
        default: throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (jar == null) {
      System.err.println("usage: ReverseBench --ttd-jar PATH [--seconds N] [--rounds N]");
      System.exit(2);
    }
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String cp = Paths.get(ReverseWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    Path tmp = Files.createTempDirectory("ttd-reverse-bench-");
    Path rec = tmp.resolve("rec");
    long t0 = System.nanoTime();
    run(List.of(java, "-javaagent:" + jar + "=out=" + rec + ",quiet", "-cp", cp, W, Integer.toString(seconds)), tmp);
    double recordS = (System.nanoTime() - t0) / 1e9;
    t0 = System.nanoTime();
    run(List.of(java, "-jar", jar, "replay", rec.toString()), tmp);
    double replayS = (System.nanoTime() - t0) / 1e9;

    List<String> script = new ArrayList<>(List.of("stop in " + W + ".finish", "run", "checkpoint"));
    for (int r = 0; r < rounds; r++) {
      script.addAll(List.of("stop in " + W + ".markNear", "reverse-continue", "clear " + W + ".markNear", "restart 1",
          "stop in " + W + ".markFar", "reverse-continue", "clear " + W + ".markFar", "restart 1"));
    }
    script.addAll(List.of("info checkpoints", "quit"));
    Session s = Session.drive(List.of(java, "-jar", jar, "debug", rec.toString()), tmp, script);

    System.out.printf("ttd reverse benchmark: java %s, workload %d s recorded (record %.1f s wall), %d rounds, load %s%n",
        Runtime.version(), seconds, recordS, rounds, Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    System.out.printf("  headless replay:              %6.2f s wall (JVM start included)%n", replayS);
    System.out.printf("  run under the console:        %6.2f s to the stop at finish()%n", s.seconds("run").get(0));
    System.out.printf("  reverse-continue ~1 s back:   median %6.2f s, max %6.2f s%n", median(s.seconds("reverse-continue", 0, 2)), max(s.seconds("reverse-continue", 0, 2)));
    System.out.printf("  reverse-continue to start:    median %6.2f s, max %6.2f s%n", median(s.seconds("reverse-continue", 1, 2)), max(s.seconds("reverse-continue", 1, 2)));
    System.out.printf("  checkpoint:                   %6.3f s%n", s.seconds("checkpoint").get(0));
    System.out.printf("  restart 1:                    median %6.2f s, max %6.2f s%n", median(s.seconds("restart 1")), max(s.seconds("restart 1")));
    System.out.printf("  replay JVMs' memory at the end: %d MiB resident in %d JVMs%n", s.residentKib / 1024, s.jvms);
  }

  private static void run(List<String> cmd, Path dir) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    p.waitFor();
  }

  static double median(List<Double> xs) {
    List<Double> s = new ArrayList<>(xs);
    Collections.sort(s);
    return s.isEmpty() ? Double.NaN : s.get(s.size() / 2);
  }

  static double max(List<Double> xs) {
    return xs.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  /** One console run: each command's duration, and the replay JVMs' memory at the end. */
  static final class Session {
    final List<String> commands = new ArrayList<>();
    final List<Double> durations = new ArrayList<>();
    long residentKib;
    int jvms;

    static Session drive(List<String> cmd, Path dir, List<String> script) throws IOException, InterruptedException {
      Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      // everything but the last command now; the last one once the memory is sampled, so that
      // the console's JVMs are still there
      OutputStream in = p.getOutputStream();
      in.write((String.join("\n", script.subList(0, script.size() - 1)) + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
      Session s = new Session();
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      long last = 0;
      String line;
      while ((line = out.readLine()) != null) {
        if (line.startsWith("> ")) {
          long now = System.nanoTime();
          if (!s.commands.isEmpty()) {
            s.durations.add((now - last) / 1e9);
          }
          s.commands.add(line.substring(2));
          last = now;
          if (line.equals("> info checkpoints")) {
            Thread.sleep(2000); // the command is running; let the console's pool settle
            for (ProcessHandle h : (Iterable<ProcessHandle>) ProcessHandle.allProcesses()::iterator) {
              String args = h.info().commandLine().orElse("");
              if (!args.contains("-agentlib:jdwp=transport=dt_socket,server=n") || !args.contains(dir.toString())) {
                continue;
              }
              long kib = rss(h.pid());
              if (kib > 0) {
                s.residentKib += kib;
                s.jvms++;
              }
            }
            in.write((script.get(script.size() - 1) + "\n").getBytes(StandardCharsets.UTF_8));
            in.close();
          }
        }
      }
      p.waitFor();
      return s;
    }

    private static long rss(long pid) {
      try {
        for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
          if (l.startsWith("VmRSS:")) {
            return Long.parseLong(l.replaceAll("[^0-9]", ""));
          }
        }
      } catch (IOException | RuntimeException e) {
        // gone
      }
      return -1;
    }

    List<Double> seconds(String command) {
      return seconds(command, 0, 1);
    }

    /** Durations of the occurrences {@code first, first+step, ...} of {@code command}. */
    List<Double> seconds(String command, int first, int step) {
      List<Double> all = new ArrayList<>();
      for (int i = 0; i < durations.size(); i++) {
        if (commands.get(i).equals(command)) {
          all.add(durations.get(i));
        }
      }
      List<Double> picked = new ArrayList<>();
      for (int i = first; i < all.size(); i += step) {
        picked.add(all.get(i));
      }
      return picked;
    }
  }
}
