package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 13, cases 5, 6 and 7: a recording is bound to itself (a log of another run copied in is
 * refused in one line); secrets in the environment and the JVM's properties stay out of it, and
 * {@code info} lists what was left out; every file of a recording is owner-only from its creation,
 * killed or not; a non-ASCII recording path under {@code LANG=C} gets one line, not an internal
 * error; {@code --jdwp} on an address the network reaches is warned about.
 */
class RecordingSafetyTest {

  private static final String READER =
      String.join(
          "\n",
          "public class SecretReader {",
          "  public static void main(String[] args) {",
          "    String token = System.getenv(\"GITHUB_TOKEN\");",
          "    System.out.println(\"token set: \" + (token != null));",
          "    System.out.println(\"variables: \" + (System.getenv().size() > 3));",
          "    System.out.println(\"password set: \" + (System.getProperty(\"db.password\") != null));",
          "    System.out.println(\"seed \" + System.nanoTime() % 7);",
          "  }",
          "}",
          "");

  private static final String[] SECRETS = {"ghp_e2eTokenValue", "awsE2eSecretValue", "hunter2e2e", "jdbc:e2e-secret-url"};

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aLogOfAnotherRunCopiedIntoARecordingIsRefusedInOneLine(Jvm jvm) throws IOException {
    Path work = Scratch.dir("mixed-runs-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "SecretReader", READER);
    Path first = work.resolve("first");
    Path second = work.resolve("second");
    assertEquals(0, TtdRun.record(jvm, first, classes.toString(), "SecretReader").exitStatus());
    assertEquals(0, TtdRun.record(jvm, second, classes.toString(), "SecretReader").exitStatus());
    Exec.run(List.of("rm", "-rf", first.resolve("queue").toString()), work);
    Exec.run(List.of("cp", "-a", second.resolve("queue").toString(), first.resolve("queue").toString()), work);
    for (String command : new String[] {"replay", "info"}) {
      Outcome refused = TtdRun.cli(jvm, work, command, first.toString());
      String context = " (" + command + "):" + refused.describe();
      assertEquals(2, refused.exitStatus(), context);
      assertEquals(1, refused.stderrLines().size(), context);
      assertTrue(refused.stderrLines().get(0).startsWith("ttd: the event log in " + first.resolve("queue")
          + " belongs to another recording"), context);
      assertEquals("", refused.stdout(), context);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void secretsInTheEnvironmentAndPropertiesStayOutOfTheRecordingAndInfoListsThem(Jvm jvm) throws IOException {
    Path work = Scratch.dir("secrets-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "SecretReader", READER);
    Path recording = work.resolve("recording");
    List<String> cmd = new ArrayList<>(List.of("env", "GITHUB_TOKEN=" + SECRETS[0], "AWS_SECRET_ACCESS_KEY=" + SECRETS[1],
        "DB_URL=" + SECRETS[3], jvm.java(), "-jar", TtdRun.jar().toString(), "record", "--out", recording.toString(),
        "--quiet", "--redact", "DB_*", "--", jvm.java(), "-Ddb.password=" + SECRETS[2], "-cp", classes.toString(), "SecretReader"));
    Outcome recorded = Exec.run(cmd, work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("token set: true\nvariables: true\npassword set: true\n",
        recorded.stdout().substring(0, recorded.stdout().lastIndexOf("seed")), recorded.describe());
    for (Path f : files(recording)) {
      if (!Files.isRegularFile(f)) {
        continue;
      }
      String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
      for (String secret : SECRETS) {
        assertFalse(bytes.contains(secret), secret + " is in " + f);
      }
    }
    Outcome info = TtdRun.cli(jvm, work, "info", recording.toString());
    String redacted = info.stdoutLines().stream().filter(l -> l.startsWith("redacted:")).findFirst().orElse("");
    assertTrue(redacted.startsWith("redacted:    environment AWS_SECRET_ACCESS_KEY, DB_URL, GITHUB_TOKEN; properties db.password"),
        info.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of a redacted recording on " + jvm);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void everyFileOfARecordingIsOwnerOnlyWhileItIsMadeAndAfterAKill(Jvm jvm) throws Exception {
    Path work = Scratch.dir("owner-only-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Waiter", SignalEndTest.WAITER);
    Path recording = work.resolve("recording");
    Exec running = Exec.start(
        TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(), "Waiter", List.of()), work, new byte[0]);
    SignalEndTest.waitForLine(running, "waiting");
    assertOwnerOnly(recording, "while recording");
    running.killForcibly();
    assertOwnerOnly(recording, "after kill -9");
    Outcome info = TtdRun.cli(jvm, work, "info", recording.toString());
    assertTrue(info.stdoutLines().contains("status:      incomplete"), info.describe());
    assertTrue(info.stdoutLines().stream().anyMatch(l -> l.startsWith("ended:       the recorded process stopped before"
        + " its recording could end (killed with SIGKILL")), info.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aNonAsciiRecordingPathUnderLangCGetsOneLine(Jvm jvm) {
    Path work = Scratch.dir("unicode-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "SecretReader", READER);
    // the test JVM may itself name files in ASCII: the shell spells the path in octal
    String dir = "$(printf 'r\\303\\251c')";
    String ttd = jvm.java() + " -jar " + TtdRun.jar();
    Outcome recorded = Exec.run(List.of("sh", "-c", "LC_ALL=C.UTF-8 " + jvm.java() + " -javaagent:" + TtdRun.jar()
        + "=out=" + work + "/" + dir + ",quiet -cp " + classes + " SecretReader"), work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    Outcome underC = Exec.run(List.of("sh", "-c", "LANG=C LC_ALL=C " + ttd + " replay " + work + "/" + dir), work);
    assertEquals(2, underC.exitStatus(), underC.describe());
    assertEquals(1, underC.stderrLines().size(), underC.describe());
    assertTrue(underC.stderrLines().get(0).endsWith("has characters that this locale cannot name in file names"
        + " (ANSI_X3.4-1968); run ttd under a UTF-8 locale, e.g. LC_ALL=C.UTF-8"), underC.describe());
    Outcome underUtf8 = Exec.run(List.of("sh", "-c", "LC_ALL=C.UTF-8 " + ttd + " replay " + work + "/" + dir), work);
    ReplayAssertions.assertSameOutput(recorded, underUtf8, "replay of a recording at a non-ASCII path on " + jvm);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aJdwpAddressTheNetworkReachesIsWarnedAbout(Jvm jvm) throws Exception {
    Path recording = Sample.LOTTERY.sharedRecording(jvm);
    List<String> cmd = List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay", recording.toString(), "--jdwp", "0.0.0.0:0");
    Exec replay = Exec.start(cmd, Scratch.dir("jdwp-" + jvm.label()), new byte[0]);
    String warning = "ttd: warning: 0.0.0.0:0 is reachable from the network: anyone who can connect to it can attach"
        + " and run any code in the replay JVM as you; give only a port to listen on localhost";
    long deadline = System.nanoTime() + Exec.TIMEOUT.toNanos();
    while (!new String(replay.stderrSoFar(), StandardCharsets.UTF_8).contains(warning) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    SignalEndTest.kill("TERM", replay.pid()); // the replay waits for a debugger that never comes
    Outcome outcome = replay.await();
    assertTrue(outcome.stderrLines().contains(warning), outcome.describe());
    Outcome local = Exec.start(List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay", recording.toString(), "--jdwp", "0"),
        Scratch.dir("jdwp-local-" + jvm.label()), new byte[0]).killForcibly();
    assertFalse(local.stderr().contains("reachable from the network"), local.describe());
  }

  /** Every directory of {@code recording} is rwx------ and every file rw-------. */
  static void assertOwnerOnly(Path recording, String when) throws IOException {
    for (Path p : files(recording)) {
      String expected = Files.isDirectory(p) ? "rwx------" : "rw-------";
      assertEquals(expected, PosixFilePermissions.toString(Files.getPosixFilePermissions(p)), p + " " + when);
    }
  }

  private static List<Path> files(Path recording) throws IOException {
    try (Stream<Path> all = Files.walk(recording)) {
      return all.collect(Collectors.toList());
    }
  }
}
