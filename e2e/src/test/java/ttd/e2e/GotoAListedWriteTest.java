package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A {@code goto} to a position that {@code history} listed lands on that write itself, where a
 * reverse-continue to the write lands and {@code when} then says that position, not on the tick
 * point just before it: backwards (from the crash to the order's first write, replayed from the
 * start) and forwards in the same replay (on to the write that corrupted the order). The first
 * console reads the positions; a second one, at the same point, goes to them; a third, which
 * listed nothing, goes to one too, by the place ({@code @FRAMES:BCI}) the listing printed.
 */
class GotoAListedWriteTest {

  private static final String ORDER = "ttd.samples.corruption.OrderPipeline";

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.ReverseDebuggingTest#jvms")
  void gotoAPositionHistoryListedStopsAtThatWriteAndWhenSaysItsPosition(Jvm jvm) {
    DebugConsole c = DebugConsole.run(jvm, ReverseDebuggingTest.crashingRecording(jvm),
        "catch java.lang.IllegalStateException",
        "run",
        "history order.total",
        "quit");
    List<String> history = c.after(2, "history order.total");
    assertEquals("History of order.total: 2 writes", history.get(0), c.describe());
    String first = position(history.get(1));
    String corrupting = position(history.get(2));
    c = DebugConsole.run(jvm, ReverseDebuggingTest.crashingRecording(jvm),
        "catch java.lang.IllegalStateException",
        "run",
        "history order.total",
        "goto " + first,
        "when",
        "goto " + corrupting,
        "when",
        "print this.total",
        "quit");
    assertStoppedAt(history.get(1), c.after(3, "goto " + first), "backwards, from the start, at the order's first write:" + c.describe());
    assertEquals("position " + first + " (event " + first.replaceFirst("@.*", "").replace(".", ", tick ") + ")", c.first(4, "when"), c.describe());
    assertStoppedAt(history.get(2), c.after(5, "goto " + corrupting), "forwards in the same replay, at the corrupting write:" + c.describe());
    assertEquals("position " + corrupting + " (event " + corrupting.replaceFirst("@.*", "").replace(".", ", tick ") + ")", c.first(6, "when"), c.describe());
    String change = history.get(2).substring(history.get(2).lastIndexOf(": ") + 2);
    assertEquals(" this.total = " + change.substring(0, change.indexOf(" -> ")), c.first(7, "print this.total"), "the write is about to happen:" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());

    c = DebugConsole.run(jvm, ReverseDebuggingTest.crashingRecording(jvm), "goto " + corrupting, "print this.total", "quit");
    String where = history.get(2).substring(history.get(2).indexOf('"'), history.get(2).lastIndexOf(": "));
    assertTrue(c.after(0, "goto " + corrupting).contains("Stopped at position " + corrupting + ": " + where),
        "a console that listed nothing goes to the printed place:" + c.describe());
    assertEquals(" this.total = " + change.substring(0, change.indexOf(" -> ")), c.first(1, "print this.total"), c.describe());
  }

  private static String position(String historyLine) {
    return historyLine.split(" ")[3];
  }

  /**
   * A goto's output ends with the stop at the write the history line lists (its place and its
   * change, as a watchpoint hit shows them) and its source line; the program's output on the way
   * comes before.
   */
  private static void assertStoppedAt(String historyLine, List<String> output, String describe) {
    String where = historyLine.substring(historyLine.indexOf('"'), historyLine.lastIndexOf(": "));
    String change = historyLine.substring(historyLine.lastIndexOf(": ") + 2);
    assertTrue(output.size() >= 3, describe);
    List<String> stop = output.subList(output.size() - 3, output.size());
    assertEquals("Stopped at position " + position(historyLine) + ": " + where, stop.get(0), describe);
    assertEquals("  total: " + change, stop.get(1), describe);
    assertTrue(stop.get(2).matches("\\d+ +this\\.total = .*;"), describe);
  }
}
