package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 13, case 3: a recording ended by SIGTERM, SIGINT or SIGHUP says so (status complete, the
 * signal and 128 + its number in the header, {@code info} shows it), its replay ends at the same
 * point with the same output and status, and {@code ttd debug} on it ends too. {@code ttd record}
 * passes SIGTERM and SIGINT on to the recorded JVM and waits for it; {@code ttd replay} does the
 * same with its replay JVM, which stops at once and runs on no further.
 */
class SignalEndTest {

  /** A hang guard only: on this shared machine at load 70 a replay JVM took three minutes to print. */
  private static final Duration WAIT = Exec.TIMEOUT;

  static final String WAITER =
      String.join(
          "\n",
          "public class Waiter {",
          "  public static void main(String[] args) throws Exception {",
          "    Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println(\"hook ran\")));",
          "    for (int i = 0; i < 5; i++) {",
          "      System.out.println(\"tick \" + i + \" at \" + System.nanoTime());",
          "    }",
          "    System.out.println(\"waiting\");",
          "    Thread.sleep(600_000);", // a service waiting for work (a latch nobody counts down is a deadlock to ttd)
          "  }",
          "}",
          "");

  static final String CRUNCHER =
      String.join(
          "\n",
          "public class Cruncher {",
          "  public static void main(String[] args) {",
          "    System.out.println(\"crunching\");",
          "    long end = System.nanoTime() + 8_000_000_000L, x = 1;",
          "    while (System.nanoTime() < end) {",
          "      for (int i = 0; i < 100_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;",
          "    }",
          "    System.out.println(\"done \" + x);",
          "  }",
          "}",
          "");

  static Stream<Arguments> jdksAndSignals() {
    List<Arguments> all = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      for (String signal : new String[] {"TERM", "INT", "HUP"}) {
        all.add(Arguments.of(jvm, signal));
      }
    }
    return all.stream();
  }

  private static int number(String signal) {
    switch (signal) {
      case "HUP":
        return 1;
      case "INT":
        return 2;
      case "KILL":
        return 9;
      case "USR1":
        return 10;
      default:
        return 15;
    }
  }

  @ParameterizedTest(name = "{0}, SIG{1}")
  @MethodSource("jdksAndSignals")
  void aRecordingEndedByASignalSaysSoAndItsReplayEndsTheSameWay(Jvm jvm, String signal) throws Exception {
    assumeDeliverable(signal);
    Path work = Scratch.dir("signal-" + signal + "-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Waiter", WAITER);
    Path recording = work.resolve("recording");
    Exec running = Exec.start(
        TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(), "Waiter", List.of()), work, new byte[0]);
    waitForLine(running, "waiting");
    kill(signal, running.pid());
    Outcome recorded = running.await();
    int status = 128 + number(signal);
    assertEquals(status, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().endsWith("waiting\nhook ran\n"), recorded.describe());

    String header = Files.readString(recording.resolve("recording.properties"), StandardCharsets.UTF_8);
    assertTrue(header.contains("\nstatus=complete\n"), header);
    assertTrue(header.contains("\nexit.status=" + status + "\n"), header);
    assertTrue(header.contains("\nend.signal=SIG" + signal + "\n"), header);
    Outcome info = TtdRun.cli(jvm, work, "info", recording.toString());
    assertTrue(info.stdoutLines().contains("exit status: " + status), info.describe());
    assertTrue(info.stdoutLines().stream().anyMatch(l -> l.startsWith("ended:       by SIG" + signal)), info.describe());

    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of a recording ended by SIG" + signal + " on " + jvm);

    if (!signal.equals("TERM")) {
      return; // the console's end is the same for every signal; once is enough on this machine
    }
    DebugConsole console = DebugConsole.run(jvm, recording, "run");
    List<String> run = console.after(0, "run");
    assertEquals(List.of("waiting", "hook ran", "The application exited with status " + status),
        run.subList(Math.max(0, run.size() - 3), run.size()), console.describe());
    assertEquals(0, console.outcome().exitStatus(), console.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aProgramWithoutAShutdownHookEndedBySigtermSaysSoAndReplaysTheSameEnd(Jvm jvm) throws Exception {
    Path work = Scratch.dir("signal-no-hook-" + jvm.label());
    String noHook = WAITER.replace("class Waiter", "class Plain").replaceAll("(?m)^.*addShutdownHook.*\n", "");
    Path classes = JavaSource.compile(work.resolve("classes"), "Plain", noHook);
    Path recording = work.resolve("recording");
    Exec running = Exec.start(
        TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(), "Plain", List.of()), work, new byte[0]);
    waitForLine(running, "waiting");
    kill("TERM", running.pid());
    Outcome recorded = running.await();
    assertEquals(143, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().endsWith("waiting\n"), recorded.describe());
    String header = Files.readString(recording.resolve("recording.properties"), StandardCharsets.UTF_8);
    assertTrue(header.contains("\nstatus=complete\n") && header.contains("\nexit.status=143\n")
        && header.contains("\nend.signal=SIGTERM\n"), header);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of a hook-less program ended by SIGTERM on " + jvm);
  }

  @ParameterizedTest(name = "{0}, SIG{1}")
  @MethodSource("jdksAndSignals")
  void ttdRecordPassesTheSignalOnAndWaitsForTheRecordedJvm(Jvm jvm, String signal) throws Exception {
    assumeDeliverable(signal);
    Path work = Scratch.dir("record-forwards-" + signal + "-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Waiter", WAITER);
    Path recording = work.resolve("recording");
    List<String> cmd = new ArrayList<>(List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "record", "--out",
        recording.toString(), "--quiet", "--", jvm.java(), "-cp", classes.toString(), "Waiter"));
    Exec ttd = Exec.start(cmd, work, new byte[0]);
    waitForLine(ttd, "waiting");
    ProcessHandle child = ProcessHandle.of(ttd.pid()).orElseThrow().children().findFirst().orElseThrow();
    kill(signal, ttd.pid()); // to ttd alone, as a service manager or a script would
    Outcome outcome = ttd.await();
    assertEquals(128 + number(signal), outcome.exitStatus(), outcome.describe());
    assertFalse(child.isAlive(), "the recorded JVM outlived ttd record");
    assertTrue(outcome.stdout().endsWith("hook ran\n"), outcome.describe());
    String header = Files.readString(recording.resolve("recording.properties"), StandardCharsets.UTF_8);
    assertTrue(header.contains("\nend.signal=SIG" + signal + "\n"), header);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void ttdReplayPassesSigtermOnAndItsReplayJvmRunsNoFurther(Jvm jvm) throws Exception {
    Path work = Scratch.dir("replay-forwards-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Cruncher", CRUNCHER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Cruncher");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    List<String> cmd = List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay", recording.toString());
    Exec ttd = Exec.start(cmd, work, new byte[0]);
    waitForLine(ttd, "crunching");
    ProcessHandle replayJvm = ProcessHandle.of(ttd.pid()).orElseThrow().children().findFirst().orElseThrow();
    kill("TERM", ttd.pid()); // as timeout(1) does
    Outcome outcome = ttd.await();
    assertEquals(143, outcome.exitStatus(), outcome.describe());
    assertEquals(List.of("ttd: the replay was stopped by SIGTERM"), outcome.stderrLines(), outcome.describe());
    assertFalse(outcome.stdout().contains("done"), "the replay ran to its end instead:" + outcome.describe());
    assertFalse(replayJvm.isAlive(), "the replay JVM runs on after ttd replay ended");
  }

  /** Sleeps in the C library's {@code usleep} through the foreign-function API's default lookup, which ttd does not see. */
  private static final String SNOOZER =
      String.join(
          "\n",
          "import java.lang.foreign.*;",
          "import java.lang.invoke.MethodHandle;",
          "public class Snoozer {",
          "  public static void main(String[] args) throws Throwable {",
          "    Linker linker = Linker.nativeLinker();",
          "    MethodHandle usleep = linker.downcallHandle(linker.defaultLookup().find(\"usleep\").orElseThrow(),",
          "        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));",
          "    new Thread(() -> System.out.println(\"the other thread ran\")).start();",
          "    System.out.println(\"snoozing\");",
          "    while (true) { int slept = (int) usleep.invokeExact(20_000); }",
          "  }",
          "}",
          "");

  /**
   * A thread that holds the baton and keeps blocking where ttd cannot see it (here the C library's
   * {@code usleep} called through the foreign-function API's default lookup, in a loop) reaches its
   * time slice's end only after hours. SIGTERM must still end the recorded JVM: the signal's handler
   * waits for the baton at most {@code BatonWatch.SHUTDOWN_PATIENCE_NANOS} (10 s), then ttd stops
   * recording and says why. Before, the handler waited for the baton for good and the JVM could not
   * be stopped but by SIGKILL (seen with Groovy calling {@code Object.wait} through a method handle
   * in a loop). A JNI library of the program's own, which this test used before, now stops the
   * recording where it loads; JDK 17 has no final foreign-function API.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void sigtermEndsARecordingWhoseBatonHolderBlocksWhereTtdCannotSee(Jvm jvm) throws Exception {
    assumeDeliverable("TERM");
    assumeTrue(jvm.feature() >= 22, "the foreign-function API is final from JDK 22; " + jvm + " has it incubating only");
    Path work = Scratch.dir("signal-starved-" + jvm.label());
    Path classes = JavaSource.compileWith(jvm, 22, work.resolve("classes"), "Snoozer", SNOOZER);
    Path recording = work.resolve("recording");
    Exec running = Exec.start(TtdRun.recordCommand(jvm, recording, List.of(), List.of("--enable-native-access=ALL-UNNAMED"),
        classes.toString(), "Snoozer", List.of()), work, new byte[0]);
    waitForLine(running, "snoozing");
    kill("TERM", running.pid());
    Outcome recorded = running.await();
    assertEquals(128 + number("TERM"), recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stderr().contains("ttd: the JVM began to shut down (\"SIGTERM handler\") but thread #0 \"main\""
        + " kept the scheduler's baton for 10 s"), recorded.describe());
    assertTrue(recorded.stderr().contains("Snoozer.main("), recorded.describe());
    String header = Files.readString(recording.resolve("recording.properties"), StandardCharsets.UTF_8);
    assertFalse(header.contains("\nstatus=complete\n"), header);
  }

  static void waitForLine(Exec running, String line) throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!new String(running.stdoutSoFar(), StandardCharsets.UTF_8).contains(line + "\n")) {
      if (!running.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError("no line '" + line + "' from the program:" + running.killForcibly().describe());
      }
      Thread.sleep(50);
    }
  }

  /**
   * Skips a test whose signal this JVM ignores: the programs it starts inherit that (a test run
   * under {@code nohup}, or as a non-interactive shell's background job, ignores SIGHUP or SIGINT),
   * so none of them could receive it.
   */
  static void assumeDeliverable(String signal) throws IOException {
    for (String line : Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.UTF_8)) {
      if (line.startsWith("SigIgn:")) {
        long mask = Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
        boolean ignored = (mask >>> (number(signal) - 1) & 1) == 1;
        assumeFalse(ignored, "SIG" + signal + " is ignored where the tests run (nohup, or a shell's background job),"
            + " and the programs they start inherit that: run the tests in the foreground");
      }
    }
  }

  static void kill(String signal, long pid) {
    Outcome sent = Exec.run(List.of("kill", "-" + signal, Long.toString(pid)), Scratch.root());
    assertEquals(0, sent.exitStatus(), sent.describe());
  }
}
