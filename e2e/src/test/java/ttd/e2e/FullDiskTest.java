package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A disk that fills up while recording does not take the program down: it runs to its end with
 * its own output and status, ttd says in one line that recording stopped, and the replay runs up
 * to where the recording ends. Every file of the recording is owner-only even so.
 *
 * <p>The small disk is a 3 MiB tmpfs, which only root can mount; elsewhere the test is skipped.
 */
class FullDiskTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "public class Busy {",
          "  public static void main(String[] args) {",
          "    long odd = 0;",
          "    for (int i = 0; i < 3_000_000; i++) odd += System.nanoTime() & 1;",
          "    System.out.println(\"done \" + (odd >= 0));",
          "    System.exit(5);",
          "  }",
          "}",
          "");

  @Test
  void programOutlivesAFullDiskAndItsReplayRunsToWhereTheRecordingEnds() throws Exception {
    Path work = Scratch.dir("full-disk");
    Path classes = JavaSource.compile(work.resolve("classes"), "Busy", PROGRAM);
    Path disk = Files.createDirectories(work.resolve("disk"));
    Outcome mount = Exec.run(List.of("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", disk.toString()), work);
    Assumptions.assumeTrue(mount.exitStatus() == 0, "cannot mount a small tmpfs here: " + mount.stderr());
    try {
      Path recording = disk.resolve("recording");
      Outcome recorded = TtdRun.record(Jvm.current(), recording, classes.toString(), "Busy");
      assertEquals(5, recorded.exitStatus(), recorded.describe());
      assertEquals("done true\n", recorded.stdout(), recorded.describe());
      assertTrue(recorded.stderr().contains("ttd: recording stopped ("), recorded.describe());
      assertTrue(recorded.stderr().contains("the recording is marked incomplete"), recorded.describe());
      RecordingSafetyTest.assertOwnerOnly(recording, "after the disk filled up");

      Outcome replayed = TtdRun.replay(Jvm.current(), recording);
      assertEquals(87, replayed.exitStatus(), replayed.describe());
      assertTrue(replayed.stderr().contains("ttd: the recording ends here"), replayed.describe());
    } finally {
      Exec.run(List.of("umount", disk.toString()), work);
    }
  }
}
