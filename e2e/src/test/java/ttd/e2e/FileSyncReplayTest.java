package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code FileDescriptor.sync()} on the program's own files replays its recorded outcome: the
 * replay's descriptor is a {@code /dev/null} stand-in that a real fsync would refuse, so the
 * replay must answer from the log and neither sync nor write the file.
 */
class FileSyncReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.io.*;",
          "public class Syncer {",
          "  public static void main(String[] args) throws Exception {",
          "    try (FileOutputStream out = new FileOutputStream(args[0])) {",
          "      out.write((\"saved at \" + System.nanoTime() + \"\\n\").getBytes());",
          "      try { out.getFD().sync(); System.out.println(\"synced\"); }",
          "      catch (SyncFailedException e) { System.out.println(\"sync failed: \" + e); }",
          "    }",
          "    try (RandomAccessFile raf = new RandomAccessFile(args[0], \"rw\")) {",
          "      raf.seek(raf.length());",
          "      raf.write('x');",
          "      raf.getFD().sync();",
          "      System.out.println(\"synced again, length \" + raf.length());",
          "    }",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aSyncOfTheProgramsFileReplaysWithoutTouchingTheFile(Jvm jvm) throws Exception {
    Path work = Scratch.dir("file-sync-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Syncer", PROGRAM);
    Path store = work.resolve("store.txt");
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, List.of(), classes.toString(), "Syncer", List.of(store.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("synced\nsynced again, length "), recorded.describe());
    assertTrue(Files.readString(store, StandardCharsets.UTF_8).startsWith("saved at "), "the recording wrote the file");

    Files.delete(store);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Syncer with its file gone");
    assertFalse(Files.exists(store), "the replay created " + store);

    Files.writeString(store, "changed\n", StandardCharsets.UTF_8);
    Outcome changed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, changed, "replay of Syncer with its file changed");
    assertEquals("changed\n", Files.readString(store, StandardCharsets.UTF_8), "the replay wrote " + store);
  }
}
