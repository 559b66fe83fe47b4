package ttd.bench.reverse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process that waits for a debugger (a JVM with a JDWP server agent, or {@code ttd replay
 * --jdwp}): started with its output and errors merged and drained, it is ready when it prints the
 * port it listens on.
 */
final class WaitingJvm implements AutoCloseable {

  private final Process process;
  private final int port;

  /** Starts {@code cmd} in {@code dir} and reads its output until a line matches {@code announces}, whose group 1 is the port. */
  WaitingJvm(List<String> cmd, Path dir, Pattern announces) throws IOException {
    process = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    int found = -1;
    String line;
    while (found < 0 && (line = out.readLine()) != null) {
      seen.append(line).append('\n');
      Matcher m = announces.matcher(line);
      if (m.find()) {
        found = Integer.parseInt(m.group(1));
      }
    }
    if (found < 0) {
      throw new IOException("the process ended without a port: " + cmd + "\n" + seen);
    }
    port = found;
    Thread drain = new Thread(() -> {
      try {
        while (out.readLine() != null) {
          // the program's own output is not measured
        }
      } catch (IOException e) {
        // the process is gone
      }
    });
    drain.setDaemon(true);
    drain.start();
  }

  int port() {
    return port;
  }

  /** Waits for the debuggee to end (a generous hang guard, then it is ended). */
  @Override
  public void close() throws InterruptedException {
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly().waitFor();
    }
  }
}
