package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A recorded process killed with SIGKILL (no shutdown hook, no chance to close the log) leaves a
 * recording that still replays: the replay prints what the process printed before it died, then
 * stops with status 87 and says the recording ends there.
 */
class KilledRecordingTest {

  private static final int RECORDING_ENDS = 87;
  private static final int LINES_BEFORE_KILL = 20; // about two seconds of output

  private static final String TICKER =
      String.join(
          "\n",
          "public class Ticker {",
          "  public static void main(String[] args) throws Exception {",
          "    for (int i = 0; ; i++) {",
          "      System.out.println(\"tick \" + i + \" at \" + System.currentTimeMillis());",
          "      Thread.sleep(100);",
          "    }",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayOfAKilledRecordingPrintsWhatTheProcessPrintedThenExits87(Jvm jvm) throws Exception {
    Path work = Scratch.dir("killed-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Ticker", TICKER);
    Path recording = work.resolve("recording");
    Exec running =
        Exec.start(
            TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(), "Ticker", List.of()),
            work,
            new byte[0]);
    long deadline = System.nanoTime() + Exec.TIMEOUT.toNanos();
    while (lineCount(running.stdoutSoFar()) < LINES_BEFORE_KILL && running.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    if (!running.isAlive()) {
      throw new AssertionError("Ticker ended on its own under the agent:" + running.await().describe());
    }
    Outcome recorded = running.killForcibly();
    List<String> printed = recorded.stdoutLines();
    assertTrue(printed.size() >= LINES_BEFORE_KILL, "Ticker printed too little before the kill:" + recorded.describe());

    Outcome replayed = TtdRun.replay(jvm, recording);
    String context = "\nrecorded (killed):" + recorded.describe() + "\nreplayed:" + replayed.describe();
    assertEquals(RECORDING_ENDS, replayed.exitStatus(), "exit status" + context);
    assertTrue(replayed.stderr().contains("ttd: the recording ends here"), "no 'ttd: the recording ends here'" + context);
    assertFalse(replayed.stdout().isEmpty(), "the replay printed nothing" + context);
    assertTrue(recorded.stdout().startsWith(replayed.stdout()), "replay stdout must be a prefix of the recorded stdout" + context);
    assertTrue(
        replayed.stdoutLines().size() >= printed.size() - 2,
        "the replay must print at least all but the last 2 of the " + printed.size() + " recorded lines" + context);
  }

  private static int lineCount(byte[] stdout) {
    return (int) new String(stdout, StandardCharsets.UTF_8).chars().filter(c -> c == '\n').count();
  }
}
