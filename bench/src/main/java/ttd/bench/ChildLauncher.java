package ttd.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts one child JVM with {@link ProcessBuilder}, times it from start to exit with
 * {@code System.nanoTime()} in the parent, and collects its exit status and output.
 *
 * <p>The child's stdout and stderr go to files rather than pipes: nothing in the parent has to
 * drain them while the clock runs, and a chatty child cannot block on a full pipe. Its stdin is
 * empty. A child that outlives the timeout is killed with its descendants (the replay launcher
 * starts a second JVM) and reported as timed out.
 */
final class ChildLauncher {

  private final Path scratch;
  private final long timeoutSeconds;
  private int sequence;

  /**
   * @param scratch a directory for the output files, which are deleted after each run
   * @param timeoutSeconds how long a child may run before it is killed
   */
  ChildLauncher(Path scratch, long timeoutSeconds) {
    this.scratch = scratch;
    this.timeoutSeconds = timeoutSeconds;
  }

  /** Runs {@code command} to its end and classifies the outcome (exit 0 is the only success). */
  ChildRun run(Mode mode, int round, List<String> command) {
    return run(mode, round, command, null);
  }

  /**
   * The same, with {@code peer} (if not null) talking to the child once it prints {@code
   * listening on <port>}; the child's time includes the conversation.
   */
  ChildRun run(Mode mode, int round, List<String> command, NetPeer peer) {
    int n = ++sequence;
    File out = scratch.resolve("child-" + n + ".out").toFile();
    File err = scratch.resolve("child-" + n + ".err").toFile();
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .redirectOutput(out)
            .redirectError(err)
            .redirectInput(ProcessBuilder.Redirect.PIPE);
    long start = System.nanoTime();
    long end;
    int exit;
    boolean timedOut = false;
    try {
      Process p = pb.start();
      p.getOutputStream().close();
      if (peer != null) {
        String failed = converse(p, out, peer, start);
        if (failed != null) {
          p.descendants().forEach(ProcessHandle::destroyForcibly);
          p.destroyForcibly().waitFor();
          readAndDelete(out);
          return new ChildRun(mode, round, 0, -1, "", readAndDelete(err), failed);
        }
      }
      if (p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        end = System.nanoTime();
        exit = p.exitValue();
      } else {
        end = System.nanoTime();
        timedOut = true;
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor();
        exit = -1;
      }
    } catch (IOException e) {
      return ChildRun.skipped(mode, round, "could not start " + command.get(0) + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ChildRun.skipped(mode, round, "interrupted");
    }
    String stdout = readAndDelete(out);
    String stderr = readAndDelete(err);
    String problem = null;
    if (timedOut) {
      problem = "timed out after " + timeoutSeconds + " s (killed)";
    } else if (exit == Mode.DIVERGENCE_EXIT) {
      problem = "DIVERGED (exit " + exit + ")";
    } else if (exit != 0) {
      problem = "failed (exit " + exit + ")";
    }
    return new ChildRun(mode, round, end - start, exit, stdout, stderr, problem);
  }

  /** Waits for the child's port and lets the peer talk to it; returns what went wrong, or null. */
  private String converse(Process p, File out, NetPeer peer, long start) throws InterruptedException {
    Pattern listening = Pattern.compile("listening on (\\d+)\n");
    while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(timeoutSeconds)) {
      Matcher m;
      try {
        m = listening.matcher(Files.readString(out.toPath(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        return "could not read the child's output: " + e;
      }
      if (m.find()) {
        try {
          peer.talkTo(Integer.parseInt(m.group(1)));
          return null;
        } catch (IOException e) {
          return "the harness's peer failed: " + e;
        }
      }
      if (!p.isAlive()) {
        return "ended (exit " + p.exitValue() + ") before it listened";
      }
      Thread.sleep(20);
    }
    return "did not listen within " + timeoutSeconds + " s";
  }

  private static String readAndDelete(File f) {
    try {
      String s = Files.readString(f.toPath(), StandardCharsets.UTF_8);
      Files.deleteIfExists(f.toPath());
      return s;
    } catch (IOException e) {
      try {
        // not UTF-8, or gone: keep what can be read as bytes
        byte[] bytes = Files.readAllBytes(f.toPath());
        Files.deleteIfExists(f.toPath());
        return new String(bytes, StandardCharsets.ISO_8859_1);
      } catch (IOException e2) {
        return "";
      }
    }
  }
}
