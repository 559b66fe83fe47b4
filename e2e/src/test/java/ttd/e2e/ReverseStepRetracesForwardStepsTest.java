package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * reverse-step is the inverse of step. Steps from a Guava cache loader into Guava's hashing return
 * from nested calls (the step back into the loader stops mid-line, after the call, where no line
 * begins); reverse-steps from there retrace those stops one by one, where they used to jump back to
 * the last line start (inside a static initializer two returns deep) and skip them. A
 * reverse-step at a thread's first line says there is none before, where it used to count the
 * lines of the threads that ran before that thread started and land in one of them.
 */
class ReverseStepRetracesForwardStepsTest {

  private static final String[] STEPS = {
    "stop at ttd.compat.guava.CachesAndCollections$1:35",
    "run",
    "step",
    "step",
    "step",
    "step",
    "reverse-step",
    "reverse-step",
    "reverse-step",
    "reverse-step",
    "quit",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void reverseStepsRetraceTheForwardStepsOutOfNestedCalls(Jvm jvm) {
    Path recording = Scratch.dir("reverse-step-retrace-" + jvm.label()).resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, CorpusRun.classPath(), "ttd.compat.guava.CachesAndCollections");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    DebugConsole c = DebugConsole.run(jvm, recording, STEPS);
    String[] forward = {c.group(1, "run", "^Breakpoint hit: (.*)"), place(c.first(2, "step")), place(c.first(3, "step")), place(c.first(4, "step")), place(c.first(5, "step"))};
    assertTrue(forward[2].contains("CachesAndCollections$1.load(), line=35") && !forward[2].endsWith("bci=0"),
        "the second step returns into the loader mid-line" + c.describe());
    for (int i = 0; i < 4; i++) {
      String back = c.first(6 + i, "reverse-step");
      assertTrue(back.startsWith("Reverse step completed: "), back + c.describe());
      assertEquals(forward[3 - i], place(back), "reverse-step " + (i + 1) + " lands where the step before the last one stopped" + c.describe());
    }
  }

  private static final String TWO = String.join("\n",
      "public class Two {",
      "  static int counter;",
      "  public static void main(String[] args) throws Exception {",
      "    Thread a = new Thread(Two::work, \"worker-a\");",
      "    Thread b = new Thread(new Runnable() {",
      "      public void run() {",
      "        counter += 100;", // line 7: worker-b's first line
      "        work();",
      "      }",
      "    }, \"worker-b\");",
      "    a.start();",
      "    b.start();",
      "    a.join();",
      "    b.join();",
      "    System.out.println(\"counter \" + counter);",
      "  }",
      "  static void work() {",
      "    for (int i = 0; i < 1000; i++) {",
      "      counter++;",
      "    }",
      "  }",
      "}",
      "");

  private static final String[] FIRST_LINE = {
    "stop at Two$1:7",
    "run",
    "when",
    "reverse-step",
    "when",
    "quit",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aReverseStepAtAThreadsFirstLineSaysThereIsNoEarlierLine(Jvm jvm) {
    Path work = Scratch.dir("reverse-step-first-line-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Two", TWO);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Two");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    DebugConsole c = DebugConsole.run(jvm, recording, FIRST_LINE);
    assertTrue(c.group(1, "run", "^Breakpoint hit: (.*)").startsWith("\"thread=worker-b\", Two$1.run(), line=7 bci="), c.describe());
    assertEquals(List.of("no earlier line in this thread: this is its first line in the recording"), c.after(3, "reverse-step"), c.describe());
    assertEquals(c.first(2, "when"), c.first(4, "when"), "the console stays at the stop" + c.describe());
  }

  /** What a stop line says after its title: thread, method, line and bci. */
  private static String place(String stop) {
    return stop.substring(stop.indexOf("\"thread="));
  }
}
