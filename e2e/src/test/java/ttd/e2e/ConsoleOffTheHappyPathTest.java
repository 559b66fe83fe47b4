package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The console off the happy path (issue 14), as a new user drives it: the README's own sequence
 * (the field of a local the watch named, after reverse-continue left its frame), a step cut short by a caught exception
 * followed by {@code step up}, the positions of a race between threads named alike by every
 * console and returned to by checkpoint, restart and goto (also to the boundary of an event that
 * hands the scheduler's baton to another thread), a catch set after the program ended, and
 * {@code ttd events --limit} on a threaded recording.
 */
class ConsoleOffTheHappyPathTest {

  private static final String ORDER = "ttd.samples.corruption.OrderPipeline";
  private static final String BOX_OFFICE = "ttd.samples.concurrency.BoxOffice";
  private static final Pattern WHEN = Pattern.compile("^position (\\d+\\.\\d+(?:@\\d+:\\d+(?:/[\\w$<>]+)?)?(?:~\\d+)?) \\(event \\d+, tick \\d+.*\\)$");
  /** Consoles run on one recording to see that they name its stops alike. */
  private static final int CONSOLES = 3;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void historyOfAWatchedLocalsFieldAfterReverseContinueListsTheWritesOfThatObject(Jvm jvm) {
    DebugConsole c = DebugConsole.run(jvm, ReverseDebuggingTest.crashingRecording(jvm),
        "catch java.lang.IllegalStateException",
        "run",
        "watch order.total",
        "reverse-continue",
        "history order.total",
        "quit");
    assertTrue(c.first(3, "reverse-continue").startsWith("Watchpoint hit: \"thread=main\", " + ORDER + "$Order.applyDiscount(), line=45 bci="),
        "landed on the write, in a frame where order is not a local:" + c.describe());
    List<String> history = c.after(4, "history order.total");
    assertEquals("History of order.total: 2 writes", history.get(0), c.describe());
    assertTrue(history.get(2).matches("  position \\d+\\.\\d+@\\d+:\\d+(?:/[\\w$<>]+)? \"thread=main\", " + Pattern.quote(ORDER + "$Order.applyDiscount()") + ", line=45 bci=\\d+: \\d+ -> -\\d+ \\(after the current position\\)"),
        "the corrupting write of that order, the one the console is stopped at (about to happen):" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aCatchSetAfterTheProgramEndedIsKeptAndReverseContinueLandsOnItsThrow(Jvm jvm) {
    DebugConsole c = DebugConsole.run(jvm, ReverseDebuggingTest.crashingRecording(jvm),
        "run",
        "catch java.lang.IllegalStateException",
        "reverse-continue",
        "when",
        "quit");
    assertTrue(c.after(0, "run").contains("The application exited with status 1"), c.describe());
    assertTrue(c.first(1, "catch java.lang.IllegalStateException").startsWith("Set catch all java.lang.IllegalStateException"),
        "a request set where the replay JVM has exited is kept for the JVMs to come:" + c.describe());
    assertTrue(c.first(2, "reverse-continue").startsWith("Exception occurred: java.lang.IllegalStateException (uncaught) \"thread=main\", " + ORDER + ".audit(), line=117 bci="),
        c.describe());
    when(c, 3);
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aNextCutShortByACaughtExceptionLeavesNoStepBehindAndWhenNamesEachStopOnce(Jvm jvm) {
    DebugConsole c = DebugConsole.run(jvm, ReverseDebuggingTest.crashingRecording(jvm),
        "catch java.lang.IllegalStateException",
        "stop at " + ORDER + ":117",
        "run",
        "when",
        "next",
        "when",
        "step up",
        "when",
        "quit");
    assertTrue(c.after(2, "run").stream().anyMatch(l -> l.startsWith("Breakpoint hit: \"thread=main\", " + ORDER + ".audit(), line=117 bci=")), c.describe());
    assertTrue(c.after(4, "next").stream().anyMatch(l -> l.startsWith("Exception occurred: java.lang.IllegalStateException (uncaught) \"thread=main\", " + ORDER + ".audit(), line=117 bci=")),
        "the catch cut the next short:" + c.describe());
    assertFalse(c.first(6, "step up").startsWith("ttd:"), "step up after it:" + c.describe());
    assertFalse(c.outcome().stdout().contains("internal error"), c.describe());
    assertTrue(c.first(7, "when").startsWith("position "), "the session went on:" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());

    String atBreakpoint = when(c, 3);
    String atThrow = when(c, 5);
    assertNotEquals(atBreakpoint, atThrow, "two stops, two names:" + c.describe());
    for (int n : new int[] {3, 5}) {
      String line = c.first(n, "when");
      assertTrue(!line.contains("~") || line.contains("stop this session named at that tick"), "a ~ in a position is explained where it is printed:" + c.describe());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void everyConsoleNamesARacesStopsAlikeAndCheckpointRestartAndGotoReturnToThem(Jvm jvm) {
    Path recording = RaceDebuggingTest.oversoldRecording(jvm);
    String[] script = {
      "catch java.lang.IllegalStateException",
      "run",
      "when",
      "checkpoint",
      "cont",
      "restart 1",
      "when",
      "watch concert.seatsLeft",
      "reverse-continue",
      "when",
      "quit",
    };
    List<DebugConsole> consoles = new ArrayList<>();
    for (int i = 0; i < CONSOLES; i++) {
      consoles.add(DebugConsole.run(jvm, recording, script));
    }
    DebugConsole c = consoles.get(0);
    String thrown = stopLine(c.after(1, "run"), "Exception occurred: java.lang.IllegalStateException (uncaught) ", c);
    String atCatch = when(c, 2);
    String write = stopLine(c.after(8, "reverse-continue"), "Watchpoint hit: ", c);
    String atWrite = when(c, 9);
    assertTrue(write.contains(BOX_OFFICE + "$Concert.sell()"), c.describe());
    assertEquals(atCatch, when(c, 6), "restart 1 returned to the checkpoint's position:" + c.describe());
    assertTrue(c.first(5, "restart 1").startsWith("Restarted at checkpoint 1: " + thrown), c.describe());
    for (DebugConsole other : consoles) {
      assertEquals(atCatch, when(other, 2), "the same position in every console:" + other.describe());
      assertEquals(atWrite, when(other, 9), "the same position in every console:" + other.describe());
      assertEquals(0, other.outcome().exitStatus(), other.describe());
    }

    String event = atWrite.substring(0, atWrite.indexOf('.'));
    DebugConsole back = DebugConsole.run(jvm, recording,
        "goto " + atWrite,
        "when",
        "goto " + event,
        "when",
        "goto " + atCatch,
        "when",
        "quit");
    assertTrue(back.after(0, "goto " + atWrite).contains("Stopped at position " + atWrite + ": " + write), back.describe());
    assertEquals(atWrite, when(back, 1), back.describe());
    // a write at tick 0 (the chaos schedule decides), with or without a place in the tick, is
    // at that boundary already: position EVENT.0 covers the whole of tick 0
    boolean atTickZero = atWrite.equals(event + ".0") || atWrite.startsWith(event + ".0@");
    String boundary = atTickZero ? "Already at event " + event : "Stopped after event " + event + ": \"thread=";
    assertTrue(back.after(2, "goto " + event).stream().anyMatch(l -> l.startsWith(boundary)),
        "at the boundary of the event (a hand-over of the baton in a race), in the thread that runs on, not at the program's end:" + back.describe());
    assertTrue(when(back, 3).startsWith(event + ".0@"), back.describe());
    // the same thread, method, line and bci: the position names the stop's place in its tick, so
    // a console that did not name the stop itself goes on from the tick point to it
    String expected = "Stopped at position " + atCatch + ": " + thrown;
    assertTrue(back.after(4, "goto " + atCatch).contains(expected),
        "no line \"" + expected + "\" (the first console's stop) after the goto:" + back.describe());
    assertEquals(atCatch, when(back, 5), back.describe());
    assertEquals(0, back.outcome().exitStatus(), back.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void eventsWithALimitListsEventsOfSeveralKindsByThreadNameWithScheduleSwitchesFolded(Jvm jvm) {
    Path recording = RaceDebuggingTest.oversoldRecording(jvm);
    Outcome listed = TtdRun.cli(jvm, recording.getParent(), "events", recording.toString(), "--limit", "12");
    assertEquals(0, listed.exitStatus(), listed.describe());
    Pattern event = Pattern.compile("^\\s+\\d+  (\\S+)  ([A-Z_]+)\\b.*$");
    Set<String> threads = new TreeSet<>();
    Set<String> kinds = new TreeSet<>();
    int lines = 0;
    for (String line : listed.stdoutLines()) {
      Matcher m = event.matcher(line);
      if (m.matches()) {
        threads.add(m.group(1));
        kinds.add(m.group(2));
      }
      if (line.matches("^\\s+[-\\d.]+  .*")) {
        lines++;
      }
    }
    assertTrue(lines > 0 && lines <= 12, "at most 12 entries:" + listed.describe());
    assertTrue(threads.contains("main"), "threads by name:" + listed.describe());
    assertTrue(kinds.size() >= 2, "events of several kinds within the limit, not only schedule switches: " + kinds + listed.describe());
    assertTrue(listed.stdout().contains("--schedule lists them"), "schedule switches folded:" + listed.describe());
  }

  /** The position {@code when}, the {@code n}-th command, printed. */
  private static String when(DebugConsole c, int n) {
    Matcher m = WHEN.matcher(c.first(n, "when"));
    assertTrue(m.matches(), "when printed a position:" + c.describe());
    return m.group(1);
  }

  /** What follows {@code prefix} in the stop line of a command's output: "thread=...", method, line and bci. */
  private static String stopLine(List<String> output, String prefix, DebugConsole c) {
    for (String line : output) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length());
      }
    }
    throw new AssertionError("no line starting " + prefix + ":" + c.describe());
  }
}
