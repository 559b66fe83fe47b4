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
 * recorded ones.
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
}
