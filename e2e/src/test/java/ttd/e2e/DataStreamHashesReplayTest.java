package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's first {@code DataOutputStream} and {@code DataInputStream} after a name lookup draw
 * the same identity hashes in replay as recorded. ttd logs a network call's payload through a
 * {@code DataOutputStream} when recording and reads it through a {@code DataInputStream} when
 * replaying; HotSpot hashes a class's mirror as it links it, from the linking thread's state, so
 * the program's own first one drew a hash in one mode only (Xodus' blob vault writes its version
 * file after its lock file's name lookup, then keys a set by identity hashes). Both classes are
 * among those ttd's code names, loaded and hashed by name at start-up ({@code NamedJdkClasses});
 * this is the replay-side direction of {@code JdkClassesTtdNamesHashesReplayTest}.
 */
class DataStreamHashesReplayTest {

  private static final String STREAMS = String.join("\n",
      "import java.io.*;",
      "import java.net.*;",
      "import java.util.*;",
      "public class Streams {",
      "  public static void main(String[] a) throws Exception {",
      "    System.out.println(\"lookup \" + InetAddress.getByName(\"localhost\").isLoopbackAddress() + \" \" + new Object().hashCode());",
      "    ByteArrayOutputStream bytes = new ByteArrayOutputStream();",
      "    new DataOutputStream(bytes).writeInt(42);",
      "    System.out.println(\"written \" + new Object().hashCode());",
      "    int v = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())).readInt();",
      "    System.out.println(\"read \" + v + \" \" + new Object().hashCode());",
      "    Set<Object> order = new HashSet<>();",
      "    for (int i = 0; i < 8; i++) order.add(new Object());",
      "    StringBuilder b = new StringBuilder();",
      "    for (Object o : order) b.append(o.hashCode() % 1000).append(' ');",
      "    System.out.println(\"set \" + b);",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aProgramsFirstDataStreamsDrawTheRecordedHashes(Jvm jvm) throws Exception {
    Path work = Scratch.dir("data-stream-hashes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Streams", STREAMS);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Streams");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("read 42 "), recorded.describe());

    for (int i = 0; i < 2; i++) {
      Outcome replayed = TtdRun.replay(jvm, recording);
      assertEquals(0, replayed.exitStatus(), replayed.describe());
      assertEquals(recorded.stdout(), replayed.stdout(), replayed.describe());
    }
  }
}
