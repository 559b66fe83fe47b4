package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A breakpoint set at a stop, in a method that has not run before it (never, or only later),
 * gets its "no earlier hit" from the index of first entries, at once and without a replay of the
 * history: the answer says whose code did not run, and no search pass starts from a rung. A
 * breakpoint in a method that ran before still lands on its last hit. The console waits for its
 * indexes ({@code ttd.debug.awaitIndex}), so the answers do not depend on the machine's speed.
 */
class NoEarlierHitTest {

  private static final String ORDERS = String.join("\n",
      "public final class Orders {",
      "  static long total;",
      "",
      "  static void add(int n) {",
      "    total += n;", // line 5
      "  }",
      "",
      "  static void report() {",
      "    System.out.println(\"total \" + total);",
      "  }",
      "",
      "  static void audit() {",
      "    System.out.println(\"audited \" + total);", // line 13
      "  }",
      "",
      "  static void neverCalled() {",
      "    total = -1;",
      "  }",
      "",
      "  public static void main(String[] args) {",
      "    for (int i = 0; i < 2000; i++) {",
      "      add(i);",
      "    }",
      "    report();",
      "    audit();",
      "  }",
      "}",
      "");

  private static final String[] SCRIPT = {
    "stop in Orders.report",
    "run",
    "stop in Orders.neverCalled",
    "reverse-continue",
    "clear Orders.neverCalled",
    "stop at Orders:13",
    "reverse-continue",
    "clear Orders:13",
    "stop at Orders:5",
    "reverse-continue",
    "print total",
    "quit",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aBreakpointWhoseCodeHasNotRunYetHasNoEarlierHitWithoutAReplay(Jvm jvm) {
    Path work = Scratch.dir("no-earlier-hit-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Orders", ORDERS);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Orders");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    DebugConsole c = DebugConsole.run(jvm, recording,
        List.of("-Dttd.debug.hitIndex=true", "-Dttd.debug.awaitIndex=true", "-Dttd.debug.traceRungs=true"), SCRIPT);
    String none = "no earlier hit of the breakpoints and watchpoints: going further back would pass the start of the recording";
    assertEquals(List.of(none + "; the code of breakpoint Orders.neverCalled did not run before this point"), c.after(3, SCRIPT[3]),
        "never called: no pass from a rung, one sentence" + c.describe());
    assertEquals(List.of(none + "; the code of breakpoint Orders:13 did not run before this point"), c.after(6, SCRIPT[6]),
        "a line of audit(), which runs after this point" + c.describe());
    assertTrue(c.firstUntraced(9, SCRIPT[9]).matches("Breakpoint hit: \"thread=main\", Orders\\.add\\(\\), line=5 bci=\\d+"),
        "add() ran before: its last hit" + c.describe());
    assertEquals(" total = 1997001", c.first(10, SCRIPT[10]), "before the last add(1999): 0 + 1 + ... + 1998" + c.describe());
    assertFalse(c.outcome().stdout().contains("\tat "), "a stack trace:" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }
}
