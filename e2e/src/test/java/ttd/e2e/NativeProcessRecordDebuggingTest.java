package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The native console on a C program (test resource {@code native/ledger.c}, compiled here with gcc
 * -g), through gdb's process record: the ledger's reserve is overwritten by an off-by-one journal
 * write on day 3 and found wrong by the audit at the end. Stop at the audit, watch the field, run
 * backwards onto the write that corrupted it, and look around there, as the method's steps 2 and 3
 * do for Java. The console runs on each JDK; gdb and the program are the machine's.
 */
class NativeProcessRecordDebuggingTest {

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void reverseContinueFromTheAuditLandsOnTheWriteThatCorruptedTheReserve(Jvm jvm) {
    NativeProgram p = NativeProgram.compiled("ledger");
    int audit = p.line("/* the audit */");
    int write = p.line("/* the corrupting write */");
    int call = p.line("journal(amount); /* the call */");
    int transferCall = p.line("post(&accounts[from], -amount);");
    int mainCall = p.line("transfer(t % 4, (t + day) % 4, 10 * day + t);");
    DebugConsole c = DebugConsole.runNative(jvm, p.dir(), List.of(p.executable().toString()),
        "stop at ledger.c:" + audit,
        "run",
        "print bank.reserve",
        "watch bank.reserve",
        "reverse-continue",
        "print bank.reserve",
        "print amount",
        "where",
        "reverse-step",
        "reverse-finish",
        "where",
        "cont",
        "quit");
    String first = c.outcome().stdoutLines().get(0);
    assertTrue(first.startsWith("backend: gdb's process record (record full), "), "the console says which backend and why:" + c.describe());
    assertEquals("Breakpoint hit: \"thread=ledger\", main(), ledger.c, line=" + audit + " pc=", cut(c.first(1, "run")), c.describe());
    assertEquals(p.shown(audit), c.after(1, "run").get(1), c.describe());
    assertEquals(" bank.reserve = -34", c.first(2, "print bank.reserve"), "the audit finds the reserve corrupted:" + c.describe());
    assertTrue(c.first(3, "watch bank.reserve").startsWith("Set watch bank.reserve"), c.describe());

    List<String> landed = c.after(4, "reverse-continue");
    assertEquals("Watchpoint hit: \"thread=ledger\", journal(), ledger.c, line=" + write + " pc=", cut(landed.get(0)), c.describe());
    assertEquals("  bank.reserve: 10000 -> -34", landed.get(1), "the old and the new value, in the program's order:" + c.describe());
    assertEquals(p.shown(write), landed.get(2), c.describe());
    assertEquals(" bank.reserve = 10000", c.first(5, "print bank.reserve"),
        "process record stops at the writing instruction, before it runs:" + c.describe());
    assertEquals(" amount = -34", c.first(6, "print amount"), c.describe());
    assertEquals(List.of(
        "  [1] journal (ledger.c:" + write + ")",
        "  [2] post (ledger.c:" + call + ")",
        "  [3] transfer (ledger.c:" + transferCall + ")",
        "  [4] main (ledger.c:" + mainCall + ")"), c.after(7, "where"), c.describe());

    String back = c.first(8, "reverse-step");
    assertTrue(back.startsWith("Reverse step completed: \"thread=ledger\", journal(), ledger.c, line="), c.describe());
    int line = Integer.parseInt(back.replaceAll(".*line=(\\d+) .*", "$1"));
    assertTrue(line <= write && line >= p.line("static void journal(long amount)"), "a line of journal() up to the write:" + c.describe());
    assertTrue(pc(back) < pc(landed.get(0)), "an earlier instruction than the write:" + c.describe());

    assertEquals("Run back to call: \"thread=ledger\", post(), ledger.c, line=" + call + " pc=", cut(c.first(9, "reverse-finish")), c.describe());
    assertEquals("  [1] post (ledger.c:" + call + ")", c.after(10, "where").get(0), c.describe());

    List<String> forward = c.after(11, "cont");
    assertTrue(forward.get(0).startsWith("Watchpoint hit: \"thread=ledger\", journal(), ledger.c, line="),
        "forward again, the same write stops the program:" + c.describe());
    assertEquals("  bank.reserve: 10000 -> -34", forward.get(1), c.describe());
    assertNoStackDump(c);
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void aRunToTheEndShowsTheOutputAndTheExitThenGoesBackToTheLastDay(Jvm jvm) {
    NativeProgram p = NativeProgram.compiled("ledger");
    int closed = p.line("/* day closed */");
    DebugConsole c = DebugConsole.runNative(jvm, p.dir(), List.of(p.executable().toString()),
        "run",
        "stop at ledger.c:" + closed,
        "reverse-continue",
        "up",
        "print day",
        "when",
        "checkpoint",
        "reverse-continue",
        "up",
        "print day",
        "restart 1",
        "up",
        "print day",
        "quit");
    List<String> ran = c.after(0, "run");
    assertTrue(ran.contains("audit failed: the books are off by -10034"), "the program's output:" + c.describe());
    assertTrue(ran.stream().anyMatch(l -> l.startsWith("The program is exiting (status 1): the end of its recorded history")), c.describe());
    assertEquals("Breakpoint hit: \"thread=ledger\", close_day(), ledger.c, line=" + closed + " pc=", cut(c.first(2, "reverse-continue")), c.describe());
    assertEquals(" day = 30", c.first(4, "print day"), "the last day closed:" + c.describe());
    assertTrue(c.first(5, "when").matches("position instruction \\d+ of \\d+ recorded \\(replaying the history\\)"), c.describe());
    assertTrue(c.first(6, "checkpoint").startsWith("Checkpoint 1 at position "), c.describe());
    assertEquals(" day = 29", c.first(9, "print day"), "one day further back:" + c.describe());
    assertTrue(c.first(10, "restart 1").startsWith("Restarted at checkpoint 1: \"thread=ledger\", close_day(), ledger.c, line=" + closed), c.describe());
    assertEquals(" day = 30", c.first(12, "print day"), c.describe());
    assertNoStackDump(c);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void lineStepsGoForwardAndBackIntoAndOverCallsAndOutOfAFunction(Jvm jvm) {
    NativeProgram p = NativeProgram.compiled("ledger");
    int balance = p.line("a->balance += amount;");
    int call = p.line("journal(amount); /* the call */");
    int check = p.line("if (bank.count <= 8) {");
    DebugConsole c = DebugConsole.runNative(jvm, p.dir(), List.of(p.executable().toString()),
        "stop in post",
        "run",
        "locals",
        "next",
        "step",
        "step up",
        "reverse-next",
        "reverse-next",
        "threads",
        "quit");
    assertEquals("Breakpoint hit: \"thread=ledger\", post(), ledger.c, line=" + balance + " pc=", cut(c.first(1, "run")), c.describe());
    List<String> locals = c.after(2, "locals");
    assertEquals("Function arguments:", locals.get(0), c.describe());
    assertTrue(locals.get(1).matches("a = 0x[0-9a-f]+ <accounts>"), "the first transfer is from alice, accounts[0]:" + c.describe());
    assertEquals("amount = -10", locals.get(2), "day 1's first transfer, 10 from alice:" + c.describe());
    assertEquals("Local variables:", locals.get(3), c.describe());
    assertEquals("Step completed: \"thread=ledger\", post(), ledger.c, line=" + call + " pc=", cut(c.first(3, "next")), c.describe());
    assertEquals("Step completed: \"thread=ledger\", journal(), ledger.c, line=" + check + " pc=", cut(c.first(4, "step")), c.describe());
    assertEquals("Step completed: \"thread=ledger\", post(), ledger.c, line=" + (call + 1) + " pc=", cut(c.first(5, "step up")),
        "out of journal(), back in post() after the call:" + c.describe());
    assertEquals("Reverse next completed: \"thread=ledger\", post(), ledger.c, line=" + call + " pc=", cut(c.first(6, "reverse-next")), c.describe());
    assertEquals("Reverse next completed: \"thread=ledger\", post(), ledger.c, line=" + balance + " pc=", cut(c.first(7, "reverse-next")),
        "back over the call to journal(), not into it:" + c.describe());
    assertTrue(c.first(8, "threads").matches("  1 ledger stopped at post \\(ledger\\.c:" + balance + "\\) \\(current\\)"), c.describe());
    assertNoStackDump(c);
  }

  /** A stop line up to its pc's value (the addresses are the machine's). */
  private static String cut(String stop) {
    return stop.replaceAll("pc=0x[0-9a-f]+$", "pc=");
  }

  private static long pc(String stop) {
    return Long.parseUnsignedLong(stop.replaceAll(".*pc=0x([0-9a-f]+)$", "$1"), 16);
  }

  private static void assertNoStackDump(DebugConsole c) {
    assertFalse(c.outcome().stdout().contains("\tat ") || c.outcome().stderr().contains("\tat "), "no stack dump:" + c.describe());
  }
}
