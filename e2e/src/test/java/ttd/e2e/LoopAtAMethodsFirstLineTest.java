package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A breakpoint on a loop that is its method's first statement ({@code while (!queue.isEmpty())},
 * the shape of many workers) stops at every turn, forward and backward. The agent's entry tick
 * stood before the loop's head, so the jump back landed after it, and the line's breakpoint,
 * which is where the method begins, stopped at the entry only: {@code cont} ran to the end.
 */
class LoopAtAMethodsFirstLineTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.util.*;",
          "public class Drain {",
          "  static final Deque<String> queue = new ArrayDeque<>(List.of(\"a\", \"b\", \"c\", \"d\"));",
          "  static int taken;",
          "  static void drain(List<String> done) {",
          "    while (!queue.isEmpty()) {",
          "      done.add(queue.poll() + (System.nanoTime() > 0 ? \"\" : \"?\"));",
          "      taken++;",
          "    }",
          "  }",
          "  public static void main(String[] args) {",
          "    List<String> done = new ArrayList<>();",
          "    drain(done);",
          "    System.out.println(\"drained \" + done + \" in \" + taken);",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aBreakpointOnTheLoopStopsAtEveryTurnBothWays(Jvm jvm) {
    Path work = Scratch.dir("loop-first-line-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Drain", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Drain");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("drained [a, b, c, d] in 4\n", recorded.stdout(), recorded.describe());

    DebugConsole c = DebugConsole.run(jvm, recording,
        "stop at Drain:6", "run", "print taken", "cont", "print taken", "cont", "print taken",
        "reverse-continue", "print taken", "quit");
    String stop = "Breakpoint hit: \"thread=main\", Drain.drain(), line=6 bci=0";
    assertTrue(c.after(1, "run").contains(stop), c.describe());
    assertEquals("taken = 0", c.first(2, "print taken").trim(), c.describe());
    assertTrue(c.after(3, "cont").contains(stop), "the second turn did not stop:" + c.describe());
    assertEquals("taken = 1", c.first(4, "print taken").trim(), c.describe());
    assertTrue(c.after(5, "cont").contains(stop), c.describe());
    assertEquals("taken = 2", c.first(6, "print taken").trim(), c.describe());
    assertTrue(c.after(7, "reverse-continue").contains(stop), c.describe());
    assertEquals("taken = 1", c.first(8, "print taken").trim(), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }
}
