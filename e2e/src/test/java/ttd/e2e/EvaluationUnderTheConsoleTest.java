package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Debugging does not change what is replayed: a {@code toString()} the console evaluates at a stop
 * reads the clock (the hook passes it through without consuming the log: the position does not
 * move) and gives an object its identity hash (the console goes on in a fresh replay of the same
 * history), and the program's output and {@code HashSet} order after {@code cont} are still the
 * recorded ones. Merely looking does not change it either: from JDK 20 on, every object a debugger
 * is handed gets an identity hash (JVMTI keys its tags by it), the stopped thread's included.
 */
class EvaluationUnderTheConsoleTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.util.*;",
          "public class Tags {",
          "  static final class Tag { final String name; Tag(String n) { name = n; } }",
          "  static final class Stamp { public String toString() { return \"stamp \" + (System.nanoTime() != 0); } }",
          "  static Tag first;",
          "  static Stamp stamp;",
          "  public static void main(String[] args) {",
          "    List<Tag> tags = new ArrayList<>();",
          "    for (int i = 0; i < 8; i++) tags.add(new Tag(\"t\" + i));",
          "    first = tags.get(0); stamp = new Stamp();",
          "    Set<Object> set = new HashSet<>(tags);",
          "    StringBuilder b = new StringBuilder();",
          "    for (Object o : set) b.append(((Tag) o).name).append('=').append(Integer.toHexString(o.hashCode())).append(' ');",
          "    System.out.println(\"order \" + b + \"at \" + System.currentTimeMillis());",
          "    System.out.println(stamp + \" \" + first.name);",
          "  }",
          "}",
          "");

  private static final String LOOKED_AT =
      String.join(
          "\n",
          "public class Looked {",
          "  static final class Box { final int v; Box(int v) { this.v = v; } }",
          "  static Box a, b;",
          "  public static void main(String[] args) throws Exception {",
          "    a = new Box(1); b = new Box(2);",
          "    int sum = a.v + b.v;",
          "    Thread worker = new Thread(() -> System.out.println(\"worker \" + System.identityHashCode(new Object())), \"worker\");",
          "    worker.start();",
          "    worker.join();",
          "    System.out.println(\"sum \" + sum + \" boxes \" + System.identityHashCode(a) + \" \" + System.identityHashCode(b)",
          "        + \" worker \" + System.identityHashCode(worker) + \" \" + System.identityHashCode(worker.getThreadGroup())",
          "        + \" next \" + System.identityHashCode(new Object()));",
          "  }",
          "}",
          "");

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void toStringAtAStopLeavesTheReplayAsRecorded(Jvm jvm) {
    Path work = Scratch.dir("debug-eval-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Tags", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Tags");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    DebugConsole c = DebugConsole.run(jvm, recording,
        "stop at Tags:11", "run", "when", "print stamp.toString()", "when", "print first.name", "print first.toString()", "cont", "quit");
    String before = c.first(2, "when");
    assertEquals(" stamp.toString() = \"stamp true\"", c.first(3, "print stamp.toString()"), c.describe());
    assertEquals(before, c.first(4, "when"), "the clock read in toString() consumed no recorded event" + c.describe());
    assertEquals(" first.name = \"t0\"", c.first(5, "print first.name"), c.describe());
    assertTrue(c.first(6, "print first.toString()").startsWith(" first.toString() = \"Tags$Tag@"), c.describe());
    List<String> after = c.after(7, "cont");
    assertTrue(after.get(0).startsWith("(code ran in the replay for an evaluation and may have given objects identity hashes; going on in a fresh replay"), c.describe());
    assertEquals(recorded.stdoutLines(), after.subList(1, after.size() - 1), "the program's output after cont is the recorded one" + c.describe());
    assertEquals("The application exited with status 0", after.get(after.size() - 1), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void stopsAndThreadListsLeaveTheHashesOfThreadsAsRecorded(Jvm jvm) {
    Path recording = Scratch.dir("debug-threads-" + jvm.label()).resolve("recording");
    Outcome recorded = recordLookedAt(jvm, recording);
    DebugConsole c = DebugConsole.run(jvm, recording, "stop at Looked:9", "run", "threads", "where", "cont", "quit");
    assertContinuesAsRecorded(c, 4, recorded, null);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void printingObjectsAtAStopLeavesTheirHashesAsRecorded(Jvm jvm) {
    Path recording = Scratch.dir("debug-look-" + jvm.label()).resolve("recording");
    Outcome recorded = recordLookedAt(jvm, recording);
    DebugConsole c = DebugConsole.run(jvm, recording, "stop at Looked:6", "run", "print a", "dump b", "print a.v", "cont", "quit");
    assertTrue(c.first(2, "print a").startsWith(" a = instance of Looked$Box"), c.describe());
    assertEquals(" a.v = 1", c.first(4, "print a.v"), c.describe());
    assertContinuesAsRecorded(c, 5, recorded, jvm.feature() >= 20
        ? "(the debugger read objects of the replay, which on this JDK gives them identity hashes; going on in a fresh replay"
        : null);
  }

  /**
   * Command {@code n}, a {@code cont}, printed {@code note} first (null: no note, the same replay
   * JVM went on), then the recorded output, then the recorded exit.
   */
  private static void assertContinuesAsRecorded(DebugConsole c, int n, Outcome recorded, String note) {
    List<String> after = c.after(n, "cont");
    int from = 0;
    if (note != null) {
      assertTrue(after.get(0).startsWith(note), c.describe());
      from = 1;
    }
    assertEquals(recorded.stdoutLines(), after.subList(from, after.size() - 1),
        "the objects the console showed kept the hashes the recording gave them" + c.describe());
    assertEquals("The application exited with status 0", after.get(after.size() - 1), c.describe());
  }

  /** Records {@code Looked} (its two boxes, a worker thread) into {@code recording}. */
  static Outcome recordLookedAt(Jvm jvm, Path recording) {
    Path classes = JavaSource.compile(recording.resolveSibling("classes"), "Looked", LOOKED_AT);
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Looked");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    return recorded;
  }
}
