package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A watch on one object keeps meaning that object wherever the console goes in time, as rr's
 * {@code watch -l} keeps its address: stepped back from the crash of the corrupted-order sample out
 * of the method whose local named the bad order, a reverse-continue still lands on the write that
 * corrupted that order (not on the later writes to other orders); from before that order is ever
 * written there is nothing earlier to find, and the console says so in one line.
 */
class WatchOnOneObjectTest {

  private static final String ORDER = "ttd.samples.corruption.OrderPipeline";

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void afterAReverseFinishReverseContinueLandsOnTheWriteToThatObject(Jvm jvm) {
    DebugConsole c = DebugConsole.run(jvm, ReverseDebuggingTest.crashingRecording(jvm),
        "catch java.lang.IllegalStateException",
        "run",
        "print order.id",
        "print order.total",
        "watch order.total",
        "reverse-finish",
        "print order.id",
        "reverse-continue",
        "print this.id",
        "quit");
    String id = c.group(2, "print order.id", "^ order.id = (\\d+)$");
    long bad = Long.parseLong(c.group(3, "print order.total", "^ order.total = (-\\d+)$"));
    assertTrue(c.first(4, "watch order.total").startsWith("Set watch modification of order.total (that object only"), c.describe());
    List<String> back = c.after(5, "reverse-finish");
    // the note comes when the JVM the console lands in cannot name the object, which depends on
    // which rung it replays from; the watch is kept either way (the reverse-continue below shows it)
    int stop = back.get(0).startsWith("(watch modification of order.total still means that object") ? 1 : 0;
    assertTrue(back.get(stop).startsWith("Run back to call: \"thread=main\", " + ORDER + ".main(), line="), c.describe());
    assertTrue(c.first(6, "print order.id").startsWith("there is no variable"), "back in main, order names nothing:" + c.describe());

    List<String> landed = c.after(7, "reverse-continue");
    assertTrue(landed.get(0).matches("Watchpoint hit: \"thread=main\", " + ORDER.replace(".", "\\.") + "\\$Order\\.applyDiscount\\(\\), line=45 bci=\\d+"),
        c.describe());
    assertEquals("  total: " + (bad + 2000) + " -> " + bad, landed.get(1), c.describe());
    assertEquals(" this.id = " + id, c.first(8, "print this.id"), "the write is to the order that crashed:" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void beforeTheObjectIsWrittenReverseContinueHasNothingEarlierToFind(Jvm jvm) {
    DebugConsole c = DebugConsole.run(jvm, ReverseDebuggingTest.crashingRecording(jvm),
        "catch java.lang.IllegalStateException",
        "run",
        "watch order.total",
        "goto 0",
        "reverse-continue",
        "quit");
    assertTrue(c.after(3, "goto 0").stream().anyMatch(l -> l.startsWith("Stopped after event 0: ")), c.describe());
    List<String> none = c.after(4, "reverse-continue");
    assertEquals(1, none.size(), c.describe());
    assertTrue(none.get(0).startsWith("no earlier hit of the breakpoints and watchpoints (watch modification of order.total has no write before this point"),
        c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }
}
