package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's first {@code Files.getFileStore} draws the same identity hashes in replay as
 * recorded. It loads and initialises the JDK's file-store classes, which hashes their class
 * objects from the asking thread's state; the recording's free-space check had done that at its
 * first block and the replay never did, so the program drew three more hashes in the replay only
 * (Xodus asks for its directory's file store when it opens an environment, then keys its job
 * queue by identity hashes).
 */
class FileStoreHashesReplayTest {

  private static final String STORES = String.join("\n",
      "import java.nio.file.*;",
      "import java.util.*;",
      "public class Stores {",
      "  public static void main(String[] a) throws Exception {",
      "    System.out.println(\"before \" + new Object().hashCode());",
      "    FileStore store = Files.getFileStore(Paths.get(System.getProperty(\"java.io.tmpdir\")));",
      "    System.out.println(\"after \" + new Object().hashCode() + \", usable space known \" + (store.getUsableSpace() >= 0));",
      "    Set<Object> order = new HashSet<>();",
      "    for (int i = 0; i < 8; i++) order.add(new Object());",
      "    StringBuilder b = new StringBuilder();",
      "    for (Object o : order) b.append(o.hashCode() % 1000).append(' ');",
      "    System.out.println(\"set \" + b);",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aProgramsFirstFileStoreDrawsTheRecordedHashes(Jvm jvm) throws Exception {
    Path work = Scratch.dir("file-store-hashes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Stores", STORES);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Stores");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("usable space known true"), recorded.describe());

    for (int i = 0; i < 2; i++) {
      Outcome replayed = TtdRun.replay(jvm, recording);
      assertEquals(0, replayed.exitStatus(), replayed.describe());
      assertEquals(recorded.stdout(), replayed.stdout(), replayed.describe());
    }
  }
}
