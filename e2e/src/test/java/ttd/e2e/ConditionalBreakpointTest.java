package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code stop at Class:line if condition}: the console stops only at hits where the condition
 * holds, forward and backward alike (a reverse-continue lands on the previous hit where it held,
 * and says there is none before the first), with and without the index of hits. A condition that
 * would run code is refused when it is set; one that is not a boolean at a hit stops there with a
 * note. The hits are computed here from the program's own arithmetic.
 */
class ConditionalBreakpointTest {

  private static final String LEDGER = String.join("\n",
      "public final class Ledger {",
      "  static long balance;",
      "  static int step;",
      "  static void apply(long move) {",
      "    balance += move;", // line 5
      "  }",
      "  public static void main(String[] args) {",
      "    for (step = 0; step < 1000; step++) {",
      "      apply(move(step));",
      "    }",
      "    System.out.println(\"balance \" + balance);",
      "  }",
      "  static long move(int s) {",
      "    return (s * 7919L) % 101 - 50;",
      "  }",
      "}",
      "");

  private static final String CONDITION = "balance < -100 && step > 500 && step % 2 == 1";

  private static final String[] SCRIPT = {
    "stop at Ledger:5 if move(step) == 0",
    "stop at Ledger:5 if",
    "stop at Ledger:5 if " + CONDITION,
    "run",
    "print step",
    "cont",
    "print step",
    "reverse-continue",
    "print step",
    "stop at Ledger:14 if step >= 990",
    "reverse-continue",
    "print step",
    "clear Ledger:14",
    "stop in Ledger.apply if balance",
    "cont",
    "clear Ledger.apply",
    "clear Ledger:5",
    "cont",
  };

  /** The program's balance before each step's move, as the program computes it. */
  private static long[] balances() {
    long[] before = new long[1001];
    for (int s = 0; s < 1000; s++) {
      before[s + 1] = before[s] + (s * 7919L) % 101 - 50;
    }
    return before;
  }

  private static List<Integer> hits(long[] before) {
    List<Integer> hits = new ArrayList<>();
    for (int s = 0; s < 1000; s++) {
      if (before[s] < -100 && s > 500 && s % 2 == 1) {
        hits.add(s);
      }
    }
    return hits;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aConditionalBreakpointStopsOnlyWhereItsConditionHoldsForwardAndBackward(Jvm jvm) {
    Path work = Scratch.dir("conditional-breakpoint-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Ledger", LEDGER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Ledger");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    long[] before = balances();
    List<Integer> hits = hits(before);
    assertTrue(hits.size() >= 3 && hits.get(0) > 500, "the program has hits late in its run: " + hits);

    check(DebugConsole.run(jvm, recording, SCRIPT), before, hits);
    check(DebugConsole.run(jvm, recording, List.of("-Dttd.debug.hitIndex=true", "-Dttd.debug.awaitIndex=true"), SCRIPT), before, hits);
  }

  private static void check(DebugConsole c, long[] before, List<Integer> hits) {
    assertEquals("a condition cannot run code in the replay; it is checked at every hit, in replays that must go on as recorded;"
        + " compare fields and locals instead (a string's contains, endsWith, equals, equalsIgnoreCase, isBlank,"
        + " isEmpty, length and startsWith are computed without it)", c.first(0, SCRIPT[0]), c.describe());
    assertEquals("malformed breakpoint 'at Ledger:5 if': a condition is missing after if, e.g. stop at shop.Cart:42 if total < 0",
        c.first(1, SCRIPT[1]), c.describe());
    assertEquals("Deferring breakpoint Ledger:5 if " + CONDITION + ".", c.first(2, SCRIPT[2]), c.describe());
    assertTrue(c.after(3, "run").stream().anyMatch(l -> l.contains("Ledger.apply(), line=5")), c.describe());
    assertEquals(" step = " + hits.get(0), c.first(4, "print step"), "the first hit where the condition holds" + c.describe());
    assertEquals(" step = " + hits.get(1), c.first(6, "print step"), c.describe());
    assertTrue(c.after(7, "reverse-continue").stream().anyMatch(l -> l.contains("Ledger.apply(), line=5")), c.describe());
    assertEquals(" step = " + hits.get(0), c.first(8, "print step"), "back to the previous hit where it held" + c.describe());
    assertTrue(c.first(10, "reverse-continue").startsWith("no earlier hit of the breakpoints and watchpoints"),
        "no earlier hit holds the condition, though the line ran 500 times before" + c.describe());
    assertEquals(" step = " + hits.get(0), c.first(11, "print step"), "the position did not move" + c.describe());
    int next = hits.get(0) + 1;
    assertTrue(c.after(14, "cont").contains("(the condition balance is " + before[next] + " here, not a boolean; stopped)"),
        "the method breakpoint stops at the next call, saying why" + c.describe());
    assertTrue(c.after(17, "cont").contains("balance " + before[1000]), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }
}
