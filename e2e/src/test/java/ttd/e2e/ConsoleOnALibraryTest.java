package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The console inside a library's code, as a user steps into it: Commons CSV's {@code
 * CSVRecord.get}, stepped into {@code getHeaderMapRaw}, where the replay JVM's debugger answered
 * {@code this} with JDWP INVALID_SLOT at the first instruction (the rewritten method's local
 * variables began after ttd's entry tick) and the console printed an internal error ("please
 * report it"): now each is a value. A step into a method with a {@code stop in} breakpoint hits it
 * there, once, where the next step used to report it again at the same line. A thread that waits for its turn in ttd's scheduler shows the program's frames
 * under one folded line for ttd's own, and a call on it says why it cannot run; a reverse-finish from
 * a lambda a JDK pool ran says its caller has no lines. A write reached
 * again by reverse-continue, with a lambda's frame on the stack, keeps the name {@code when} gave it.
 * Requests in the JDK's classes see only the program's work: not ttd's start-up under {@code
 * premain}, nor its hooks' writes, and {@code stop in java.lang.Thread.start} set before {@code
 * run} (whose class the agent rewrites at start-up) stops at each of the program's starts. A
 * breakpoint at a line without code (a blank line between two methods) is refused once its class
 * is loaded, not deferred for ever. A step out of the end of a lambda a pool runs goes on past the
 * lambda's {@code $$Lambda} proxy, which has no lines. {@code stop in} with parameter types stops
 * in that overload only, as jdb's does.
 */
class ConsoleOnALibraryTest {

  private static final String[] SCRIPT = {
    "stop in org.apache.commons.csv.CSVRecord.get",
    "run",
    "step",
    "print this",
    "print parser",
    "print values.length",
    "where",
    "next",
    "print this.values.length > 0",
    "clear org.apache.commons.csv.CSVRecord.get",
    "cont",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void steppingIntoALibrarysPrivateMethodAnswersEveryPrintWithAValue(Jvm jvm) {
    Path work = Scratch.dir("console-library-" + jvm.label());
    Path recording = work.resolve("recording");
    Outcome recorded = recorded(jvm, recording, "ttd.compat.csv.CsvReport");

    DebugConsole c = DebugConsole.run(jvm, recording, SCRIPT);
    assertTrue(c.after(2, "step").stream().anyMatch(l -> l.contains("CSVRecord.getHeaderMapRaw(), line=")), c.describe());
    for (int i = 3; i <= 5; i++) {
      String answer = c.first(i, SCRIPT[i]);
      assertTrue(answer.startsWith(" " + SCRIPT[i].substring("print ".length()) + " = "), answer + c.describe());
    }
    assertTrue(c.after(6, "where").get(0).contains("CSVRecord.getHeaderMapRaw"), c.describe());
    assertTrue(c.after(7, "next").stream().anyMatch(l -> l.contains("CSVRecord.get(), line=")), c.describe());
    assertEquals(" this.values.length > 0 = true", c.first(8, SCRIPT[8]), c.describe());
    List<String> output = c.after(10, "cont").stream().filter(l -> !l.startsWith("(") && !l.startsWith("The application")).toList();
    assertEquals(recorded.stdout().strip(), String.join("\n", output).strip(), "the replay goes on as recorded" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  private static final String[] INTO_A_BREAKPOINT = {
    "stop in org.apache.commons.csv.CSVRecord.get",
    "run",
    "stop in org.apache.commons.csv.CSVRecord.getHeaderMapRaw",
    "step",
    "step",
    "quit",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aStepIntoAMethodWithABreakpointHitsItOnce(Jvm jvm) {
    DebugConsole c = consoleOn(jvm, "into", "ttd.compat.csv.CsvReport", INTO_A_BREAKPOINT);
    String into = c.first(3, "step");
    assertTrue(into.matches("Breakpoint hit: \"thread=main\", org\\.apache\\.commons\\.csv\\.CSVRecord\\.getHeaderMapRaw\\(\\), line=\\d+ bci=0"),
        into + c.describe());
    String place = into.substring(into.indexOf("org.apache"));
    assertTrue(c.after(4, "step").stream().noneMatch(l -> l.contains(place)), "the same stop reported again" + c.describe());
  }

  private static final String[] ONE_OVERLOAD = {
    "stop in org.apache.commons.csv.CSVRecord.get(int)",
    "stop in org.apache.commons.csv.CSVRecord.get(long)",
    "stop in org.apache.commons.csv.CSVRecord.get(String)",
    "run",
    "print name",
    "clear org.apache.commons.csv.CSVRecord.get(String)",
    "cont",
  };

  /**
   * {@code CSVRecord.get} has overloads for an int, a String and an Enum, and the program calls only
   * the String one: a breakpoint in {@code get(int)} never stops, one in {@code get(long)} names
   * the overloads there are, and {@code get(String)} stops in that overload, where a parameter
   * list used to be refused as a malformed method.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aBreakpointInOneOverloadStopsOnlyInThatOverload(Jvm jvm) {
    DebugConsole c = consoleOn(jvm, "overload", "ttd.compat.csv.CsvReport", ONE_OVERLOAD);
    List<String> run = c.after(3, "run");
    assertTrue(run.contains("Unable to set deferred breakpoint org.apache.commons.csv.CSVRecord.get(long): org.apache.commons.csv.CSVRecord"
        + " has no method get(long) with code; it has get(java.lang.Enum), get(int), get(java.lang.String)"), c.describe());
    assertTrue(run.get(run.size() - 1).startsWith("Breakpoint hit: \"thread=main\", org.apache.commons.csv.CSVRecord.get(), line="), c.describe());
    assertEquals(" name = \"region\"", c.first(4, "print name"), "the String overload" + c.describe());
    assertEquals("Removed breakpoint org.apache.commons.csv.CSVRecord.get(String)", c.first(5, ONE_OVERLOAD[5]), c.describe());
    assertTrue(c.after(6, "cont").stream().noneMatch(l -> l.startsWith("Breakpoint hit")), "get(int) never runs" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  private static final String[] UNSEEN_WRITES = {
    "stop at ttd.compat.csv.CsvReport:34",
    "run",
    "watch java.util.concurrent.atomic.AtomicInteger.value",
    "watch org.apache.commons.csv.CSVParser.recordNumber",
    "quit",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aWatchOnAFieldItsClassAlsoWritesThroughUnsafeSaysThoseWritesGoUnseen(Jvm jvm) {
    DebugConsole c = consoleOn(jvm, "unseen", "ttd.compat.csv.CsvReport", UNSEEN_WRITES);
    assertEquals(List.of("Set watch modification of java.util.concurrent.atomic.AtomicInteger.value",
        "note: java.util.concurrent.atomic.AtomicInteger holds an Unsafe (U), and writes through it do not fire a watch,"
            + " only assignments in the code do"), c.after(2, UNSEEN_WRITES[2]), c.describe());
    assertEquals(List.of("Set watch modification of org.apache.commons.csv.CSVParser.recordNumber"),
        c.after(3, UNSEEN_WRITES[3]), "a field only assignments write: no note" + c.describe());
  }

  private static final String[] WAITING = {
    "stop at ttd.compat.async.CompletableFutureChains:35",
    "run",
    "reverse-finish",
    "thread main",
    "where",
    "print java.lang.Integer.valueOf(1)",
    "clear ttd.compat.async.CompletableFutureChains:35",
    "cont",
  };

  /**
   * The program's random prices decide whether any chain throws, so the stop is the first line of
   * the lambda every chain runs on the pool (line 35), not a {@code catch}.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aThreadWaitingInTheSchedulerShowsTheProgramsFramesAndSaysWhyItCannotRunACall(Jvm jvm) {
    DebugConsole c = consoleOn(jvm, "waiting", "ttd.compat.async.CompletableFutureChains", WAITING);
    assertTrue(c.after(1, "run").stream().anyMatch(l -> l.matches("Breakpoint hit: \"thread=quote-\\d+\", ttd\\.compat\\.async\\.CompletableFutureChains\\.lambda\\$main\\$\\d+\\(\\), line=35 bci=\\d+")),
        c.describe());
    String back = c.first(2, "reverse-finish");
    assertTrue(back.startsWith("reverse-finish goes back to the call's line, but ttd.compat.async.CompletableFutureChains.lambda$main$")
        && back.contains(" was called by the JDK's java.util.concurrent.CompletableFuture$AsyncSupply.run, which has no line a step stops at;"),
        "a lambda a pool ran has no caller with lines" + c.describe());
    String selected = c.first(3, "thread main");
    assertTrue(selected.matches("Current thread is main \\(at frame \\d+, below ttd's own code\\)"), selected + c.describe());
    List<String> where = c.after(4, "where");
    assertTrue(where.get(0).matches("  \\[1(-\\d+)?\\] \\(ttd's own code: the thread waits for its turn in the replay\\)"), c.describe());
    assertTrue(where.stream().noneMatch(l -> l.contains("ttd.agent.") || l.contains("ttd.runtime.")), "ttd's frames are folded" + c.describe());
    assertTrue(where.get(where.size() - 1).contains("ttd.compat.async.CompletableFutureChains.main"), c.describe());
    assertEquals("a call runs only on the thread the stop is in, and main was stopped by the stop of another thread; read its fields"
        + " and locals instead, or `thread` back to the stopped one", c.first(5, WAITING[5]), c.describe());
    assertTrue(c.after(7, "cont").stream().anyMatch(l -> l.startsWith("The application exited")), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  private static final String[] BACK_TO_A_WRITE = {
    "stop at ttd.compat.csv.CsvReport:34",
    "run",
    "cont",
    "clear ttd.compat.csv.CsvReport:34",
    "watch org.apache.commons.csv.CSVParser.recordNumber",
    "cont",
    "when",
    "cont",
    "reverse-continue",
    "when",
    "goto 5.1~2",
    "quit",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aStopReachedAgainBackwardsUnderALambdaFrameKeepsItsName(Jvm jvm) {
    DebugConsole c = consoleOn(jvm, "names", "ttd.compat.csv.CsvReport", BACK_TO_A_WRITE);
    String first = c.first(6, "when");
    assertTrue(first.matches("position \\d+\\.\\d+@\\d+:\\d+(?:/[\\w$<>]+)? \\(event \\d+, tick \\d+\\)"), first + c.describe());
    assertTrue(c.after(8, "reverse-continue").stream().anyMatch(l -> l.startsWith("Watchpoint hit:")), c.describe());
    assertEquals(first, c.first(9, "when"), "the same write, reached back through CSVRecordIterator's lambda, has the same name" + c.describe());
    assertEquals("'5.1~2' names a stop of the console session that printed it (~N counts the stops that session named at one place);"
        + " here, goto 5.1 goes to the first stop there", c.first(10, "goto 5.1~2"), c.describe());
  }

  private static final String[] JDK_LOCK = {
    "watch java.util.concurrent.locks.AbstractQueuedSynchronizer.state",
    "run",
    "where",
    "when",
    "history java.util.concurrent.locks.AbstractQueuedSynchronizer.state --all",
    "history java.util.concurrent.atomic.AtomicLong.value --all",
    "quit",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aWatchOnAJdkFieldSeesOnlyTheProgramsWritesNotTtdsStartUp(Jvm jvm) {
    DebugConsole c = consoleOn(jvm, "jdk-lock", "ttd.compat.async.CompletableFutureChains", JDK_LOCK);
    assertTrue(c.after(1, "run").stream().anyMatch(l -> l.startsWith("Watchpoint hit: ")), c.describe());
    List<String> where = c.after(2, "where");
    assertTrue(where.stream().noneMatch(l -> l.contains("ttd's own code") || l.contains("premain")), "stopped in ttd's start-up" + c.describe());
    assertTrue(where.get(where.size() - 1).contains("ttd.compat.async.CompletableFutureChains.main"), c.describe());
    assertTrue(c.first(3, "when").matches("position \\d+\\.\\d+.*"), "a stop before the program's first event" + c.describe());
    List<String> locks = c.after(4, JDK_LOCK[4]);
    assertTrue(locks.get(0).matches("History of java\\.util\\.concurrent\\.locks\\.AbstractQueuedSynchronizer\\.state: [1-9]\\d* writes"),
        "the program's pools take locks" + c.describe());
    assertTrue(locks.stream().noneMatch(l -> l.startsWith("  event -1")), "ttd's own writes listed" + c.describe());
    assertEquals(List.of("History of java.util.concurrent.atomic.AtomicLong.value: 0 writes"), c.after(5, JDK_LOCK[5]),
        "only ttd's start-up constructs an AtomicLong, with values that differ between replays" + c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aBreakpointInThreadStartSetBeforeRunStopsAtEachOfTheProgramsStarts(Jvm jvm) {
    Path recording = Scratch.dir("console-library-thread-start-" + jvm.label()).resolve("recording");
    recorded(jvm, recording, "ttd.compat.async.CompletableFutureChains");
    Outcome events = TtdRun.cli(jvm, recording.getParent(), "events", recording.toString());
    long starts = events.stdoutLines().stream().filter(l -> l.contains(" THREAD_START ")).count();
    assertTrue(starts >= 3, "the pool of three starts its threads" + events.describe());
    List<String> script = new ArrayList<>(List.of("stop in java.lang.Thread.start", "run"));
    for (int i = 1; i <= starts; i++) {
      script.add("cont");
    }
    script.add("quit");
    DebugConsole c = DebugConsole.run(jvm, recording, script.toArray(new String[0]));
    for (int i = 1; i <= starts; i++) {
      List<String> stop = c.after(i, i == 1 ? "run" : "cont");
      assertTrue(stop.stream().anyMatch(l -> l.matches("Breakpoint hit: \"thread=[^\"]+\", java\\.lang\\.Thread\\.start\\(\\), line=\\d+ bci=0")),
          "start " + i + " of " + starts + ": " + stop + c.describe());
    }
    assertTrue(c.after((int) starts + 1, "cont").stream().anyMatch(l -> l.startsWith("The application exited")),
        "one stop per start, no more" + c.describe());
  }

  private static final String CHAINS = "ttd.compat.async.CompletableFutureChains";

  private static final String[] NO_CODE = {
    "stop at " + CHAINS + ":21",
    "stop at " + CHAINS + ":23",
    "run",
    "stop at " + CHAINS + ":21",
    "clear",
    "quit",
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aBreakpointAtALineWithoutCodeIsRefusedWhenItsClassIsLoaded(Jvm jvm) {
    DebugConsole c = consoleOn(jvm, "no-code", CHAINS, NO_CODE);
    assertEquals("Deferring breakpoint " + CHAINS + ":21.", c.first(0, NO_CODE[0]), c.describe());
    List<String> run = c.after(2, "run");
    assertTrue(run.contains("Unable to set deferred breakpoint " + CHAINS + ":21: no code at line 21 in " + CHAINS), c.describe());
    assertTrue(run.stream().anyMatch(l -> l.startsWith("Breakpoint hit: ") && l.contains("line=23")), c.describe());
    assertEquals(List.of("no code at line 21 in " + CHAINS), c.after(3, NO_CODE[3]), "the class is loaded now" + c.describe());
    assertEquals(List.of("Breakpoints set:", "  breakpoint " + CHAINS + ":23"), c.after(4, "clear"), c.describe());
  }

  private static final String[] OUT_OF_A_LAMBDA = {
    "stop at " + CHAINS + ":38",
    "run",
    "clear " + CHAINS + ":38",
    "step",
    "where",
    "quit",
  };

  /**
   * Line 38 is the {@code return v;} of the lambda each chain runs on the pool (a price not a
   * multiple of five); the old console's step stopped in {@code CompletableFutureChains$$Lambda…get()}
   * at line -1.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aStepOutOfTheEndOfALambdaGoesPastItsProxyToALine(Jvm jvm) {
    DebugConsole c = consoleOn(jvm, "lambda-proxy", CHAINS, OUT_OF_A_LAMBDA);
    assertTrue(c.after(1, "run").stream().anyMatch(l -> l.startsWith("Breakpoint hit: ") && l.contains("line=38")), c.describe());
    List<String> step = c.after(3, "step");
    assertTrue(step.stream().noneMatch(l -> l.contains("line=-1") || l.contains("$$Lambda")), "a step ended in the lambda's proxy" + c.describe());
    // the proxy returns into the JDK's pool, which a step passes over: it ends at the thread's next
    // line, or, with none left (the worker returns to the pool), runs on to the end, as in an IDE
    assertTrue(step.stream().anyMatch(l -> l.matches("Step completed: \"thread=quote-\\d+\", .*, line=\\d+ bci=\\d+")
        || l.startsWith("The application exited")), c.describe());
    assertTrue(!c.after(4, "where").get(0).contains("$$Lambda"), c.describe());
  }

  /** The console running {@code script} on a recording of {@code main}, in a scratch directory named after {@code label}. */
  private static DebugConsole consoleOn(Jvm jvm, String label, String main, String... script) {
    Path recording = Scratch.dir("console-library-" + label + "-" + jvm.label()).resolve("recording");
    recorded(jvm, recording, main);
    return DebugConsole.run(jvm, recording, script);
  }

  /** {@code main} of the corpus recorded into {@code recording}, which must exit 0. */
  private static Outcome recorded(Jvm jvm, Path recording, String main) {
    Outcome recorded = TtdRun.record(jvm, recording, CorpusRun.classPath(), main);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    return recorded;
  }
}
