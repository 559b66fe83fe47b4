package ttd.bench.reverse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives {@code ttd debug} in batch mode one command at a time: writes the command and a comment
 * line after it, and takes the command as finished when the console echoes the comment (batch
 * mode reads a line only when the previous command has finished), so each command is timed from
 * its echo to the next echo.
 */
final class ConsoleDriver implements AutoCloseable {

  /** What one command printed and how long it took. */
  record Result(List<String> lines, double seconds) {
    String firstLine() {
      return lines.isEmpty() ? "" : lines.get(0);
    }
  }

  /** Resident memory of the console's replay JVMs. */
  record Memory(long kib, int jvms) {}

  private final Process process;
  private final OutputStream in;
  private final BufferedReader out;
  private final Path dir;
  private final boolean echo;
  private final long born = System.nanoTime();
  private int marks;

  /** With {@code echo}, every line the console prints goes to stderr too, with the seconds since it started. */
  ConsoleDriver(List<String> cmd, Path dir, boolean echo) throws IOException {
    this.dir = dir;
    this.echo = echo;
    this.process = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    this.in = process.getOutputStream();
    this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
  }

  static void run(List<String> cmd, Path dir) throws IOException, InterruptedException {
    new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
  }

  /** Reads the console's output up to the line {@code announces} matches, and gives its group 1. */
  String await(java.util.regex.Pattern announces) throws IOException {
    String line;
    while ((line = out.readLine()) != null) {
      if (echo) {
        System.err.printf("[%7.2f] %s%n", (System.nanoTime() - born) / 1e9, line);
      }
      java.util.regex.Matcher m = announces.matcher(line);
      if (m.find()) {
        return m.group(1);
      }
    }
    throw new IOException("the console ended before printing " + announces);
  }

  Result command(String command) throws IOException {
    String mark = "# done " + (++marks);
    in.write((command + "\n" + mark + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
    long start = 0;
    List<String> lines = new ArrayList<>();
    String line;
    while ((line = out.readLine()) != null) {
      if (echo) {
        System.err.printf("[%7.2f] %s%n", (System.nanoTime() - born) / 1e9, line);
      }
      if (line.equals("> " + command)) {
        start = System.nanoTime();
      } else if (line.equals("> " + mark)) {
        return new Result(lines, (System.nanoTime() - start) / 1e9);
      } else if (start != 0) {
        lines.add(line);
      }
    }
    throw new IOException("the console ended during '" + command + "'");
  }

  /**
   * Seconds until every rung of the ladder has all its JVMs parked, every spec is indexed and the
   * index of first entries is built (polling info checkpoints), as while a user reads.
   */
  double awaitLadder() throws IOException, InterruptedException {
    long start = System.nanoTime();
    while (true) {
      boolean waiting = false;
      for (String l : command("info checkpoints").lines()) {
        if (l.matches("  position \\S+ .*: \\d+ of \\d+ replay JVMs parked.*")) {
          String[] w = l.replaceAll(".*: (\\d+) of (\\d+) replay JVMs parked.*", "$1 $2").split(" ");
          waiting |= !w[0].equals(w[1]);
        }
        waiting |= l.startsWith("Index of first entries: being built");
        if (l.matches("Index of hits: \\d+ of \\d+ .*")) {
          String[] w = l.replaceAll("Index of hits: (\\d+) of (\\d+) .*", "$1 $2").split(" ");
          waiting |= !w[0].equals(w[1]);
        }
      }
      if (!waiting) {
        return (System.nanoTime() - start) / 1e9;
      }
      Thread.sleep(500);
    }
  }

  /** The resident memory of the replay JVMs this console has running now. */
  Memory memory() {
    long kib = 0;
    int jvms = 0;
    for (ProcessHandle h : (Iterable<ProcessHandle>) ProcessHandle.allProcesses()::iterator) {
      String args = h.info().commandLine().orElse("");
      if (args.contains("-agentlib:jdwp=transport=dt_socket,server=n") && args.contains(dir.toString())) {
        long k = rss(h.pid());
        if (k > 0) {
          kib += k;
          jvms++;
        }
      }
    }
    return new Memory(kib, jvms);
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

  @Override
  public void close() throws IOException, InterruptedException {
    in.write("quit\n".getBytes(StandardCharsets.UTF_8));
    in.close();
    while (out.readLine() != null) {
      // drain
    }
    process.waitFor();
  }
}
