package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JDK's {@code jdb}, a debugger no one here wrote, as a process attached to {@code ttd debug
 * --jdwp} through the whole cycle: attach mid-run, breakpoint, {@code print}, the console's
 * {@code reverse-continue} (jdb sees the earlier value), {@code pop} steps out backwards, {@code
 * set} is refused, and when jdb has gone the replay's output is the recording's. A {@code cont}
 * after a {@code step} runs to the next breakpoint hit, and {@code where all} shows every thread
 * of a program of lambdas on a thread pool. Its bytecode offsets are the program's own, as javap
 * and the console show them, both ways: a breakpoint it sets by line is hit at that line. A step
 * into a library method with a breakpoint of jdb's stops there once.
 */
class JdwpJdbTest {

  private static final String PIPELINE = "ttd.samples.corruption.OrderPipeline";
  private static final String QUOTES = "ttd.samples.concurrency.QuotePipeline";
  private static final String CSV = "ttd.compat.csv.CsvReport";
  private static final Memo<Path> RECORDINGS = new Memo<>();

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  /** OrderPipeline with its random seed pinned to one that picks a large order: it runs to its end. */
  static Path completeRecording(Jvm jvm) {
    return RECORDINGS.get(jvm.java(), () -> {
      Path recording = Scratch.dir("order-complete-" + jvm.label()).resolve("recording");
      Outcome recorded = TtdRun.record(jvm, recording, List.of("seed=3"), Sample.ORDER_PIPELINE.classPath(), PIPELINE, List.of(), new byte[0]);
      assertEquals(0, recorded.exitStatus(), "seed 3 lets OrderPipeline finish:" + recorded.describe());
      return recording;
    });
  }

  /** QuotePipeline: CompletableFuture stages, lambdas, on a pool of three threads. */
  static Path quotesRecording(Jvm jvm) {
    return RECORDINGS.get("quotes " + jvm.java(), () -> {
      Path recording = Scratch.dir("quote-pipeline-" + jvm.label()).resolve("recording");
      Outcome recorded = TtdRun.record(jvm, recording, List.of(), Sample.ORDER_PIPELINE.classPath(), QUOTES, List.of(), new byte[0]);
      assertEquals(0, recorded.exitStatus(), recorded.describe());
      return recording;
    });
  }

  /**
   * jdb's line for {@code event} ("Breakpoint hit", "Step completed") at {@code where}. jdb prints
   * events from one thread and prompts from another, so a prompt may land inside the line.
   */
  private static String jdbEvent(String event, String where) {
    return event + ": (?:> |\\w+\\[\\d+\\] )*\"thread=main\", " + where;
  }

  private static LiveProcess jdb(Jvm jvm, JdwpConsole c, Path recording) {
    String jdbCommand = jvm.home().resolve("bin").resolve("jdb").toString();
    return new LiveProcess("jdb", List.of(jdbCommand, "-attach", "127.0.0.1:" + c.port), recording.getParent());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void jdbContAfterAStepStopsAtTheNextBreakpointHit(Jvm jvm) {
    Path recording = completeRecording(jvm);
    String setTotal = jdbEvent("Breakpoint hit", PIPELINE.replace(".", "\\.") + "\\$Order\\.setTotal\\(\\), line=37");
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop at " + PIPELINE + ":67");
      c.type("run");
      c.await("Breakpoint hit: \"thread=main\", " + PIPELINE.replace(".", "\\.") + "\\.main\\(\\), line=67");
      try (LiveProcess jdb = jdb(jvm, c, recording)) {
        jdb.await("line=67 bci=\\d+");
        jdb.type("stop in " + PIPELINE + "$Order.setTotal");
        jdb.await("Set breakpoint " + PIPELINE.replace(".", "\\.") + "\\$Order\\.setTotal");
        jdb.type("cont");
        jdb.await(setTotal);
        for (int order = 2; order <= 3; order++) {
          jdb.type("step");
          c.await("^\\(debugger\\) step$");
          jdb.await(jdbEvent("Step completed", PIPELINE.replace(".", "\\.") + "\\$Order\\.setTotal\\(\\), line=38"));
          jdb.type("cont");
          assertEquals("cont", c.await("^\\(debugger\\) (.+)$"), "jdb's cont is the console's cont" + c.describe());
          jdb.await(setTotal);
          jdb.type("print this.id");
          assertEquals(Integer.toString(order), jdb.await(" this\\.id = (\\d+)$"), "cont ran to the next call of setTotal" + jdb.describe() + c.describe());
        }
        jdb.type("exit");
        jdb.awaitExit();
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void jdbWhereAllShowsEveryThreadsFramesInAProgramOfLambdasOnAPool(Jvm jvm) {
    Path recording = quotesRecording(jvm);
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop at " + QUOTES + ":32");
      c.type("run");
      c.await("Breakpoint hit: \"thread=pool-1-thread-\\d\", " + QUOTES.replace(".", "\\.") + "\\.lambda\\$main\\$\\d+\\(\\), line=32");
      try (LiveProcess jdb = jdb(jvm, c, recording)) {
        jdb.await("line=32 bci=\\d+");
        jdb.type("where");
        jdb.type("where all");
        jdb.type("print \"where-all-done\"");
        String shown = jdb.await("(?s)(.*?)where-all-done");
        assertFalse(shown.contains("Internal exception") || shown.contains("Invalid method id"), "where and where all had no error:" + shown);
        String quotes = QUOTES.replace(".", "\\.");
        for (String frames : List.of(
            "\\[1\\] " + quotes + "\\.lambda\\$main\\$\\d+ \\(QuotePipeline\\.java:32\\)\n  \\[2\\] " + quotes
                + "\\$\\$Lambda\\S*\\.accept \\(null\\)\n  \\[3\\] java\\.util\\.concurrent\\.CompletableFuture\\$UniAccept\\.tryFire ",
            "(^|\\] )Reference Handler:\n  \\[1\\] java\\.lang\\.ref\\.Reference\\.\\S+ \\(",
            "(^|\\] )Finalizer:\n  \\[1\\] \\S+ \\(",
            "(^|\\] )Common-Cleaner:\n  \\[1\\] \\S+ \\(",
            "(^|\\] )main:\n(  \\[\\d+\\] .*\n)*  \\[\\d+\\] " + quotes + "\\.main \\(QuotePipeline\\.java:36\\)\n",
            "(^|\\] )pool-1-thread-\\d:\n  \\[1\\] " + quotes + "\\.lambda\\$main\\$\\d+ \\(QuotePipeline\\.java:32\\)\n")) {
          assertTrue(java.util.regex.Pattern.compile(frames, java.util.regex.Pattern.MULTILINE).matcher(shown).find(), "where all shows /" + frames + "/:" + shown);
        }
        jdb.type("exit");
        jdb.awaitExit();
      }
    }
  }

  /** Commons CSV's report of the corpus. */
  static Path csvRecording(Jvm jvm) {
    return RECORDINGS.get("csv " + jvm.java(), () -> {
      Path recording = Scratch.dir("jdb-csv-" + jvm.label()).resolve("recording");
      Outcome recorded = TtdRun.record(jvm, recording, CorpusRun.classPath(), CSV);
      assertEquals(0, recorded.exitStatus(), recorded.describe());
      return recording;
    });
  }

  /**
   * jdb's {@code stop in} a library method that ttd's agent rewrote (it put an entry tick before
   * the first instruction), and a step into that method: the breakpoint hits once, where it used
   * to stop a second time at the same line and bci one step later (the step ended before the
   * agent's code, the breakpoint was set after it).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void jdbStepIntoAMethodWithItsBreakpointStopsThereOnce(Jvm jvm) {
    Path recording = csvRecording(jvm);
    String headerMap = "org\\.apache\\.commons\\.csv\\.CSVRecord\\.getHeaderMapRaw\\(\\), line=\\d+ bci=0";
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop in org.apache.commons.csv.CSVRecord.get");
      c.type("run");
      c.await("Breakpoint hit: \"thread=main\", org\\.apache\\.commons\\.csv\\.CSVRecord\\.get\\(\\)");
      try (LiveProcess jdb = jdb(jvm, c, recording)) {
        jdb.await("bci=0");
        jdb.type("stop in org.apache.commons.csv.CSVRecord.getHeaderMapRaw");
        jdb.await("Set breakpoint org\\.apache\\.commons\\.csv\\.CSVRecord\\.getHeaderMapRaw");
        String stop = "^((?:Step completed|Breakpoint hit): \"thread=main\", .*)$";
        jdb.type("step");
        String into = c.await(stop);
        assertTrue(into.matches("Breakpoint hit: \"thread=main\", " + headerMap), into + c.describe());
        jdb.await("\"thread=main\", " + headerMap);
        jdb.type("step");
        String next = c.await(stop);
        assertFalse(next.matches(".*" + headerMap), "the second step left the method's first line: " + next + c.describe());
        jdb.type("exit");
        jdb.awaitExit();
      }
    }
  }

  /** Where javap (the JDK's, on the samples' class file) puts the start of {@code line} of {@code className}. */
  private static String javapLineStart(Jvm jvm, String className, int line) {
    Outcome javap = Exec.run(List.of(jvm.home().resolve("bin").resolve("javap").toString(), "-c", "-l", "-cp", TtdRun.samplesClassPath(false),
        className), Scratch.root());
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("line " + line + ": (\\d+)").matcher(javap.stdout());
    assertTrue(m.find(), "javap lists line " + line + javap.describe());
    return m.group(1);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void jdbSeesTheProgramsOwnBciAsJavapAndTheConsoleAndHitsABreakpointSetByLine(Jvm jvm) {
    Path recording = completeRecording(jvm);
    String main = PIPELINE.replace(".", "\\.") + "\\.main\\(\\)";
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop at " + PIPELINE + ":67");
      c.type("run");
      String consoleBci = c.await("Breakpoint hit: \"thread=main\", " + main + ", line=67 bci=(\\d+)");
      assertEquals(javapLineStart(jvm, PIPELINE, 67), consoleBci, "the console shows the program's own bci" + c.describe());
      try (LiveProcess jdb = jdb(jvm, c, recording)) {
        assertEquals(consoleBci, jdb.await("\"thread=main\", " + main + ", line=67 bci=(\\d+)"), "jdb's bci is the console's" + jdb.describe());
        jdb.type("stop at " + PIPELINE + ":72");
        jdb.await("Set breakpoint " + PIPELINE.replace(".", "\\.") + ":72");
        jdb.type("cont");
        String line72 = javapLineStart(jvm, PIPELINE, 72);
        assertEquals(line72, c.await("Breakpoint hit: \"thread=main\", " + main + ", line=72 bci=(\\d+)"), c.describe());
        assertEquals(line72, jdb.await(jdbEvent("Breakpoint hit", main + ", line=72 bci=(\\d+)")),
            "jdb's breakpoint at the program's bci of line 72 is hit there" + jdb.describe());
        jdb.type("locals");
        assertEquals("3999", jdb.await("^item = (\\d+)$"), "order 1's item, in scope at the program's bci" + jdb.describe());
        jdb.type("exit");
        jdb.awaitExit();
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void jdbAttachesMidRunSeesTheConsoleGoBackPopsBackwardsAndCannotSet(Jvm jvm) {
    Path recording = completeRecording(jvm);
    Outcome replayed = TtdRun.replay(jvm, recording);
    String revenue = replayed.stdoutLines().stream().filter(l -> l.startsWith("invoiced ")).findFirst()
        .orElseThrow(() -> new AssertionError("the replay prints its revenue:" + replayed.describe()));
    try (JdwpConsole c = new JdwpConsole(jvm, recording, "0")) {
      c.type("stop at " + PIPELINE + ":67");
      c.type("run");
      c.await("Breakpoint hit: \"thread=main\", " + PIPELINE.replace(".", "\\.") + "\\.main\\(\\), line=67");
      try (LiveProcess jdb = jdb(jvm, c, recording)) {
        jdb.await("line=67 bci=\\d+");
        c.await("ttd: a debugger attached from 127\\.0\\.0\\.1");
        jdb.type("stop in " + PIPELINE + "$Order.setTotal");
        jdb.await("Set breakpoint " + PIPELINE.replace(".", "\\.") + "\\$Order\\.setTotal");
        jdb.type("cont");
        jdb.await(jdbEvent("Breakpoint hit", PIPELINE.replace(".", "\\.") + "\\$Order\\.setTotal\\(\\), line=37"));
        jdb.type("cont");
        jdb.await(jdbEvent("Breakpoint hit", PIPELINE.replace(".", "\\.") + "\\$Order\\.setTotal\\(\\), line=37"));
        jdb.type("print cents");
        assertEquals("7999", jdb.await(" cents = (\\d+)$"), "order 2's price" + jdb.describe());
        jdb.type("print this.id");
        assertEquals("2", jdb.await(" this\\.id = (\\d+)$"), jdb.describe());

        c.type("reverse-continue");
        c.await("Breakpoint hit: \"thread=main\", " + PIPELINE.replace(".", "\\.") + "\\$Order\\.setTotal\\(\\), line=37");
        jdb.await(jdbEvent("Breakpoint hit", PIPELINE.replace(".", "\\.") + "\\$Order\\.setTotal\\(\\), line=37"));
        jdb.type("print cents");
        assertEquals("3999", jdb.await(" cents = (\\d+)$"), "order 1's price, the earlier value" + jdb.describe() + c.describe());

        jdb.type("set cents = 5");
        c.await("^ttd: the debugger asked for StackFrame\\.SetValues \\(setting local variables\\), which is refused");
        jdb.type("print cents");
        assertEquals("3999", jdb.await(" cents = (\\d+)$"), "set changed nothing" + jdb.describe());

        jdb.type("pop");
        c.await("Run back to call: \"thread=main\", " + PIPELINE.replace(".", "\\.") + "\\.main\\(\\), line=72");
        jdb.type("where");
        jdb.await("\\[1\\] " + PIPELINE.replace(".", "\\.") + "\\.main \\(OrderPipeline\\.java:72\\)");
        jdb.type("print item");
        assertEquals("3999", jdb.await(" item = (\\d+)$"), jdb.describe());
        c.type("when");
        c.await("^position \\d+\\.\\d+(@\\d+:\\d+(?:/[\\w$<>]+)?)? \\(event \\d+, tick \\d+\\)$");

        jdb.type("clear " + PIPELINE + "$Order.setTotal");
        jdb.await("Removed: breakpoint " + PIPELINE.replace(".", "\\.") + "\\$Order\\.setTotal");
        jdb.type("exit");
        jdb.awaitExit();
      }
      c.await("ttd: the debugger (detached|was disconnected)");
      c.type("cont");
      c.await("^" + java.util.regex.Pattern.quote(revenue) + "$");
      c.type("quit");
      assertEquals(0, c.console.awaitExit(), c.describe());
      assertTrue(revenue.startsWith("invoiced 30 orders"), revenue);
    }
  }
}
