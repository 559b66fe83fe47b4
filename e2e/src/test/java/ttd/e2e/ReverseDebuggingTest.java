package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The method's steps 2 and 3 on the corrupted-order sample: stop at the crash, watch the bad
 * order's field, run backwards to the write that corrupted that order (not a later write to
 * another one), list the field's history, step backwards as gdb would, and move around the
 * timeline with checkpoints and goto.
 */
class ReverseDebuggingTest {

  private static final String ORDER = "ttd.samples.corruption.OrderPipeline";
  private static final Memo<Path> RECORDINGS = new Memo<>();

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  /** OrderPipeline with its random seed pinned to one that picks a small order: it crashes. */
  static Path crashingRecording(Jvm jvm) {
    return RECORDINGS.get(jvm.java(), () -> {
      Path recording = Scratch.dir("order-crash-" + jvm.label()).resolve("recording");
      Outcome recorded = TtdRun.record(jvm, recording, List.of("seed=1"), Sample.ORDER_PIPELINE.classPath(), ORDER, List.of(), new byte[0]);
      assertEquals(1, recorded.exitStatus(), "seed 1 makes OrderPipeline crash:" + recorded.describe());
      return recording;
    });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void reverseContinueFromTheCrashLandsOnTheWriteThatCorruptedThatOrder(Jvm jvm) {
    DebugConsole c = DebugConsole.run(jvm, crashingRecording(jvm),
        "catch java.lang.IllegalStateException",
        "run",
        "print order.id",
        "print order.total",
        "watch order.total",
        "history order.total",
        "reverse-continue",
        "print this.id",
        "when",
        "checkpoint",
        "cont",
        "restart 1",
        "when",
        "quit");
    // bci values are those of the instrumented class (the scheduler's tick calls shift them)
    assertTrue(c.after(1, "run").stream().anyMatch(l -> l.startsWith(
        "Exception occurred: java.lang.IllegalStateException (uncaught) \"thread=main\", " + ORDER + ".audit(), line=117 bci=")),
        c.describe());
    String id = c.group(2, "print order.id", "^ order.id = (\\d+)$");
    long bad = Long.parseLong(c.group(3, "print order.total", "^ order.total = (-\\d+)$"));
    assertTrue(c.first(4, "watch order.total").startsWith("Set watch modification of order.total (that object only"), c.describe());

    List<String> history = c.after(5, "history order.total");
    assertEquals("History of order.total: 2 writes", history.get(0), c.describe());
    assertTrue(history.get(1).matches("  position \\d+\\.\\d+@\\d+:\\d+(?:/[\\w$<>]+)? \"thread=main\", " + ORDER.replace(".", "\\.") + "\\$Order\\.setTotal\\(\\), line=37 bci=\\d+: 0 -> \\d+"), c.describe());
    long before = bad + 2000;
    assertTrue(history.get(2).matches("  position \\d+\\.\\d+@\\d+:\\d+(?:/[\\w$<>]+)? \"thread=main\", " + ORDER.replace(".", "\\.") + "\\$Order\\.applyDiscount\\(\\), line=45 bci=\\d+: " + before + " -> " + bad), c.describe());

    List<String> landed = c.after(6, "reverse-continue");
    assertTrue(landed.get(0).matches("Watchpoint hit: \"thread=main\", " + ORDER.replace(".", "\\.") + "\\$Order\\.applyDiscount\\(\\), line=45 bci=\\d+"), c.describe());
    assertEquals("  total: " + before + " -> " + bad, landed.get(1), c.describe());
    assertEquals("45                  this.total = total - amountOffCents;", landed.get(2), c.describe());
    assertEquals(" this.id = " + id, c.first(7, "print this.id"), "the write is to the order that crashed");

    String position = c.group(8, "when", "^position (\\d+\\.\\d+@\\d+:\\d+(?:/[\\w$<>]+)?) \\(event \\d+, tick \\d+\\)$");
    assertTrue(c.first(9, "checkpoint").startsWith("Checkpoint 1 at position " + position + ": "), c.describe());
    assertTrue(c.after(10, "cont").contains("step 300: auditing invoices"), "forward from there, the program's output again:" + c.describe());
    assertTrue(c.first(11, "restart 1").startsWith("Restarted at checkpoint 1: \"thread=main\", " + ORDER + "$Order.applyDiscount(), line=45"), c.describe());
    assertEquals("position " + position + " (event " + position.substring(0, position.indexOf('.')) + ", tick " + position.substring(position.indexOf('.') + 1, position.indexOf('@')) + ")",
        c.first(12, "when"), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void reverseStepNextAndFinishLandWhereGdbWould(Jvm jvm) {
    DebugConsole c = DebugConsole.run(jvm, crashingRecording(jvm),
        "stop at " + ORDER + ":45",
        "run",
        "next",
        "reverse-step",
        "reverse-finish",
        "reverse-step",
        "reverse-next",
        "quit");
    String main = "\"thread=main\", " + ORDER + ".main(), line=";
    assertTrue(c.after(1, "run").stream().anyMatch(l -> l.startsWith("Breakpoint hit: \"thread=main\", " + ORDER + "$Order.applyDiscount(), line=45 bci=")), c.describe());
    assertTrue(c.first(2, "next").startsWith("Step completed: \"thread=main\", " + ORDER + "$Order.applyDiscount(), line=46"), c.describe());
    assertTrue(c.first(3, "reverse-step").startsWith("Reverse step completed: \"thread=main\", " + ORDER + "$Order.applyDiscount(), line=45 bci="), c.describe());
    assertTrue(c.first(4, "reverse-finish").startsWith("Run back to call: " + main + "77 "), c.describe());
    assertTrue(c.first(5, "reverse-step").startsWith("Reverse step completed: " + main + "76 "), c.describe());
    assertTrue(c.first(6, "reverse-next").startsWith("Reverse next completed: " + main + "75 "), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void gotoATimelineEntryAndWhenAgree(Jvm jvm) {
    DebugConsole c = DebugConsole.run(jvm, crashingRecording(jvm),
        "timeline step 100",
        "goto 5",
        "when",
        "timeline STDOUT",
        "goto 3",
        "when",
        "quit");
    assertTrue(c.after(0, "timeline step 100").stream().anyMatch(l -> l.matches("\\s+5  main  STDOUT \"step 100: amendments applied\\\\n\"")), c.describe());
    assertTrue(c.after(1, "goto 5").stream().anyMatch(l -> l.startsWith("Stopped after event 5: \"thread=main\", " + ORDER + ".main()")), c.describe());
    assertTrue(c.first(2, "when").matches("position 5\\.0@\\d+:\\d+(?:/[\\w$<>]+)? \\(event 5, tick 0\\)"), c.describe());
    assertTrue(c.after(3, "timeline STDOUT").stream().anyMatch(l -> l.matches("=>\\s+5  main  STDOUT \"step 100.*")), c.describe());
    assertTrue(c.after(4, "goto 3").stream().anyMatch(l -> l.startsWith("Stopped after event 3: ")), c.describe());
    assertTrue(c.first(5, "when").matches("position 3\\.0@\\d+:\\d+(?:/[\\w$<>]+)? \\(event 3, tick 0\\)"), c.describe());
  }
}
