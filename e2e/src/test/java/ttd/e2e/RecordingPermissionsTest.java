package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A recording holds the program's secrets (environment, arguments, everything it printed): only
 * its owner may read it. Recording through the CLI launcher ({@code ttd record -- java ...}) makes
 * the same kind of recording as the agent, one that replays identically and that {@code ttd info}
 * reports as complete.
 */
class RecordingPermissionsTest {

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void agentRecordingIsReadableByItsOwnerOnly(Jvm jvm) throws IOException {
    Path recording = Sample.LOTTERY.sharedRecording(jvm);
    assertOwnerOnly(recording);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void recordingMadeWithTheCliLauncherIsOwnerOnlyReplaysIdenticallyAndIsComplete(Jvm jvm) throws IOException {
    Path work = Scratch.dir("cli-record-" + jvm.label());
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.cliRecord(jvm, work, recording, Sample.LOTTERY);
    assertTrue(
        Files.isRegularFile(recording.resolve("recording.properties")),
        "ttd record left no recording:" + recorded.describe());
    assertTrue(recorded.stdout().startsWith("tickets sold: 8\n"), "the program's output did not come through:" + recorded.describe());
    ReplayAssertions.assertSuccessMeansExitSuccess(recorded);
    assertOwnerOnly(recording);

    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of a `ttd record` recording on " + jvm);

    Outcome info = TtdRun.cli(jvm, work, "info", recording.toString());
    assertEquals(0, info.exitStatus(), "ttd info failed:" + info.describe());
    assertTrue(info.stdoutLines().contains("status:      complete"), "ttd info does not say complete:" + info.describe());
  }

  private static void assertOwnerOnly(Path recording) throws IOException {
    assertEquals(
        "rwx------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(recording)),
        "permissions of the recording directory " + recording);
    assertEquals(
        "rw-------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(recording.resolve("recording.properties"))),
        "permissions of " + recording.resolve("recording.properties"));
  }
}
