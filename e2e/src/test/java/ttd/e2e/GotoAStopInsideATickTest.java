package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A breakpoint on the line after a loop stops inside a tick's stretch: the tick began at the
 * loop's last back-edge, a few instructions before the line. The position {@code when} prints
 * for that stop carries its place in the tick ({@code EVENT.TICK@FRAMES:BCI}), and {@code goto}
 * to it returns to that very stop (same thread, line, bci, frames and state), in the same console
 * after running on and in a fresh console that never stopped there; the tick alone goes to where
 * the tick begins, at another bci.
 */
class GotoAStopInsideATickTest {

  static final String SUMMER = String.join("\n",
      "public class Summer {",
      "  public static void main(String[] args) {",
      "    long start = System.nanoTime();",
      "    int total = 0;",
      "    for (int round = 0; round < 3; round++) {",
      "      total += sum(round);",
      "    }",
      "    System.out.println(\"total \" + total + \" \" + (System.nanoTime() - start > 0));",
      "  }",
      "  static int calls;",
      "  static int sum(int round) {",
      "    int s = 0; calls++;",
      "    for (int i = 0; i < 50; i++) {",
      "      s += i * round;",
      "    }",
      "    int doubled = s * 2;", // line 16: after the loop, inside the tick of its last back-edge
      "    return doubled + round;",
      "  }",
      "}",
      "");

  /** sum calls nothing, so it does not tick at its entry, and its place names it. */
  private static final Pattern WHEN = Pattern.compile("^position ((\\d+)\\.(\\d+)@(\\d+):(\\d+)/sum) \\(event \\d+, tick \\d+\\)$");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void gotoThePositionWhenPrintedReturnsToThatStopInsideTheTick(Jvm jvm) {
    Path work = Scratch.dir("goto-inside-tick-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Summer", SUMMER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Summer");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("total 7353 true"), recorded.describe());

    DebugConsole c = DebugConsole.run(jvm, recording,
        "stop at Summer:16",
        "run",
        "cont",
        "when",
        "where",
        "cont",
        "quit");
    String hit = c.group(2, "cont", "^(Breakpoint hit: .*)$");
    Matcher stop = Pattern.compile("^Breakpoint hit: \"thread=main\", Summer\\.sum\\(\\), line=16 bci=(\\d+)$").matcher(hit);
    assertTrue(stop.matches(), c.describe());
    String bci = stop.group(1);
    Matcher when = WHEN.matcher(c.first(3, "when"));
    assertTrue(when.matches(), "when names the stop's place in its tick:" + c.describe());
    String position = when.group(1);
    String tick = when.group(2) + "." + when.group(3);
    assertEquals("2", when.group(4), "main and sum: the stopped thread's frames" + c.describe());
    assertEquals(bci, when.group(5), "the bci the stop line prints" + c.describe());
    List<String> stack = c.after(4, "where");
    String place = "\"thread=main\", Summer.sum(), line=16 bci=" + bci;

    DebugConsole same = DebugConsole.run(jvm, recording,
        "stop at Summer:16",
        "run",
        "cont",
        "cont",
        "goto " + position,
        "where",
        "print Summer.calls",
        "when",
        "quit");
    assertEquals("Stopped at position " + position + ": " + place, same.firstUntraced(4, "goto " + position), "back, after running on:" + same.describe());
    assertEquals(stack, same.after(5, "where"), same.describe());
    assertEquals(" Summer.calls = 2", same.first(6, "print Summer.calls"), "the second call:" + same.describe());
    assertEquals("position " + position + " (event " + when.group(2) + ", tick " + when.group(3) + ")", same.first(7, "when"), same.describe());

    DebugConsole fresh = DebugConsole.run(jvm, recording,
        "goto " + tick,
        "goto " + position,
        "where",
        "print Summer.calls",
        "when",
        "quit");
    assertTrue(fresh.firstUntraced(0, "goto " + tick).startsWith("Stopped at position " + tick + ": "), fresh.describe());
    assertTrue(!fresh.firstUntraced(0, "goto " + tick).endsWith(place), "the tick alone is where the tick begins, not the stop:" + fresh.describe());
    assertEquals("Stopped at position " + position + ": " + place, fresh.firstUntraced(1, "goto " + position), "a console that never stopped there:" + fresh.describe());
    assertEquals(stack, fresh.after(2, "where"), fresh.describe());
    assertEquals(" Summer.calls = 2", fresh.first(3, "print Summer.calls"), "the second call:" + fresh.describe());
    assertEquals("position " + position + " (event " + when.group(2) + ", tick " + when.group(3) + ")", fresh.first(4, "when"), fresh.describe());
    assertEquals(0, fresh.outcome().exitStatus(), fresh.describe());
  }
}
