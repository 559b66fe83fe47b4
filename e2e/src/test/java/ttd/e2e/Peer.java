package ttd.e2e;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A network peer in a separate JVM on loopback, for the network tests: a sample server or client
 * started with or without the agent, which prints {@code listening on <port>} when it serves.
 */
final class Peer implements AutoCloseable {

  private static final Pattern LISTENING = Pattern.compile("listening on (\\d+)\\n");
  /** A hang guard, not a speed limit: a recorded JVM's start-up takes minutes on a loaded machine. */
  private static final Duration STARTUP = Exec.TIMEOUT;

  private final Exec exec;

  private Peer(Exec exec) {
    this.exec = exec;
  }

  /** Starts {@code main} of the samples on {@code jvm} without the agent. */
  static Peer plain(Jvm jvm, Path dir, String main, String... args) {
    List<String> cmd = new ArrayList<>(List.of(jvm.java(), "-cp", TtdRun.samplesClassPath(false), main));
    cmd.addAll(List.of(args));
    return new Peer(Exec.start(cmd, dir, new byte[0]));
  }

  /** Starts {@code main} from {@code classPath} on {@code jvm} without the agent. */
  static Peer compiled(Jvm jvm, Path dir, String classPath, String main, String... args) {
    List<String> cmd = new ArrayList<>(List.of(jvm.java(), "-cp", classPath, main));
    cmd.addAll(List.of(args));
    return new Peer(Exec.start(cmd, dir, new byte[0]));
  }

  /** Starts {@code main} of the samples on {@code jvm}, recorded into {@code recording}. */
  static Peer recorded(Jvm jvm, Path recording, String main, String... args) {
    List<String> cmd =
        TtdRun.recordCommand(jvm, recording, List.of(), TtdRun.samplesClassPath(false), main, List.of(args));
    return new Peer(Exec.start(cmd, recording.toAbsolutePath().getParent(), new byte[0]));
  }

  /** Starts {@code main} from {@code classPath} on {@code jvm}, recorded into {@code recording}. */
  static Peer recordedFrom(Jvm jvm, Path recording, String classPath, String main, String... args) {
    List<String> cmd = TtdRun.recordCommand(jvm, recording, List.of(), classPath, main, List.of(args));
    return new Peer(Exec.start(cmd, recording.toAbsolutePath().getParent(), new byte[0]));
  }

  /** Waits for the peer's {@code listening on <port>} line and returns the port. */
  int port() {
    while (exec.elapsed().compareTo(STARTUP) < 0) {
      Matcher m = LISTENING.matcher(new String(exec.stdoutSoFar(), StandardCharsets.UTF_8));
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
      if (!exec.isAlive()) {
        throw new AssertionError("the peer ended before it listened:" + exec.await().describe());
      }
      pause();
    }
    throw new AssertionError("the peer did not listen within " + STARTUP.toSeconds() + " s:" + exec.killForcibly().describe());
  }

  /** Waits for the peer to end by itself. */
  Outcome await() {
    return exec.await();
  }

  /** Stops the peer if it still runs. */
  @Override
  public void close() {
    if (exec.isAlive()) {
      exec.killForcibly();
    }
  }

  private static void pause() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
