package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 13, case 4 (and the console's temporary files of case 7): what the console evaluates in a
 * replay cannot start a process, delete or write a file, read one the recording cannot answer for,
 * or exit the JVM; each attempt is one sentence and the world is as it was. {@code print
 * System.exit(5)} does not hang, 5 000 nested parentheses are refused in one sentence, and the
 * console goes on replaying afterwards. A console that ends at EOF, or is killed, leaves no
 * {@code ttd-replay-*} file in the temporary directory. A call whose code holds a breakpoint
 * returns, passing over it, and the replay goes on as recorded, in a JVM that began parking at the
 * stop when the call retired the one there. A call picks among overloads by its arguments' types
 * as Java does (the most specific, widening before boxing), and operators compute as in Java.
 */
class ConsoleEvaluationTest {

  private static final String KEEPER =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.nio.file.*;",
          "public class Keeper {",
          "  static Path precious;",
          "  static File asFile;",
          "  static String text;",
          "  static FileOutputStream out;",
          "  static String command;",
          "  public static void main(String[] args) throws Exception {",
          "    precious = Paths.get(args[0]);",
          "    asFile = precious.toFile();",
          "    text = Files.readString(precious);",
          "    out = new FileOutputStream(args[1], true);",
          "    out.write(text.getBytes());",
          "    command = \"touch \" + args[2];",
          "    System.out.println(\"kept \" + text.length());", // line 16
          "    out.close();",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void evaluationCannotTouchTheWorldAndEachAttemptIsOneSentence(Jvm jvm) throws IOException {
    Path work = Scratch.dir("console-world-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Keeper", KEEPER);
    Path precious = Files.writeString(work.resolve("precious.txt"), "keep me\n");
    Path copy = work.resolve("copy.txt");
    Path pwned = work.resolve("pwned");
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Keeper",
        precious.toString(), copy.toString(), pwned.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    String copied = Files.readString(copy);
    Path tmp = Files.createDirectory(work.resolve("tmp"));

    String deep = "(".repeat(5000) + "1" + ")".repeat(5000);
    String[] script = {
      "stop at Keeper:16",
      "run",
      "print java.lang.Runtime.getRuntime().exec(command)",
      "print asFile.delete()",
      "print out.write(7)",
      "print java.nio.file.Files.readAllBytes(precious)",
      "print java.lang.System.exit(5)",
      "print java.lang.Runtime.getRuntime().halt(5)",
      "print " + deep,
      "print text.length()",
      "cont",
    };
    DebugConsole c = DebugConsole.runWithTmp(jvm, recording, tmp, script);
    String noIo = "; a replay cannot perform I/O";
    assertEquals("evaluation would start a process" + noIo, c.first(2, script[2]), c.describe());
    assertEquals("evaluation would change the file system" + noIo, c.first(3, script[3]), c.describe());
    assertEquals("evaluation would write to a file" + noIo, c.first(4, script[4]), c.describe());
    assertEquals("evaluation would read a file" + noIo, c.first(5, script[5]), c.describe());
    assertEquals("evaluation would exit the JVM; a replay ends only where its recording ended", c.first(6, script[6]), c.describe());
    assertEquals("evaluation would exit the JVM; a replay ends only where its recording ended", c.first(7, script[7]), c.describe());
    assertEquals("the expression nests more than 100 levels deep; evaluate a smaller part of it", c.first(8, "print " + deep), c.describe());
    assertEquals(" text.length() = 8", c.first(9, script[9]), c.describe());
    assertTrue(c.after(10, "cont").contains("kept 8"), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
    assertFalse(c.outcome().stdout().contains("\tat ") || c.outcome().stderr().contains("\tat "), "a stack trace:" + c.describe());

    assertEquals("keep me\n", Files.readString(precious), "the precious file was changed or deleted");
    assertFalse(Files.exists(pwned), "a process ran");
    assertEquals(copied, Files.readString(copy), "the copy was written to");
    assertEquals(List.of(), replayFiles(tmp), "the console left files in its temporary directory");
    try (Stream<Path> files = Files.walk(tmp)) {
      assertEquals(List.of(), files.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("replay-") && n.endsWith(".started")).collect(Collectors.toList()),
          "the console left its replays' handshake files in its cache");
    }
  }

  private static final String TALLY =
      String.join(
          "\n",
          "public class Tally {",
          "  static Tally t;",
          "  int n;",
          "  int twice() {",
          "    return n * 2;", // line 5
          "  }",
          "  @Override public String toString() {",
          "    return \"Tally\" + twice();",
          "  }",
          "  public static void main(String[] args) {",
          "    t = new Tally();",
          "    for (int i = 0; i < 3; i++) {",
          "      t.n += i;",
          "    }",
          "    System.out.println(\"n \" + t.n);", // line 15
          "    System.out.println(\"twice \" + t.twice());",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aCallWhoseCodeHoldsABreakpointReturnsPassingOverItAndTheReplayGoesOnFromASpareParkedAtTheCall(Jvm jvm) throws IOException {
    Path work = Scratch.dir("console-call-breakpoint-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Tally", TALLY);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Tally");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    String[] script = {
      "stop at Tally:5",
      "stop at Tally:15",
      "run",
      "print t.toString()",
      "print t.twice()",
      "cont",
      "cont",
    };
    DebugConsole c = DebugConsole.run(jvm, recording, List.of("-Dttd.debug.traceRungs=true"), script);
    assertTrue(c.after(2, "run").stream().anyMatch(l -> l.contains("Tally.main(), line=15")), c.describe());
    assertEquals(List.of(" t.toString() = \"Tally6\"",
        "(the call passed over the stop at Tally.twice(), line=5: requests do not stop code an evaluation runs)"),
        c.after(3, script[3]), c.describe());
    assertEquals(" t.twice() = 6", c.first(4, script[4]), c.describe());
    List<String> toTwice = c.after(5, "cont");
    assertTrue(toTwice.get(0).startsWith("(code ran in the replay for an evaluation"), c.describe());
    assertEquals("(a replay JVM parked there)", toTwice.get(1),
        "the JVM the call retired was replaced by one parked at the stop from the call on" + c.describe());
    assertTrue(toTwice.contains("n 3") && toTwice.stream().anyMatch(l -> l.contains("Tally.twice(), line=5")), c.describe());
    assertTrue(c.after(6, "cont").contains("twice 6"), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  private static final String SHELF =
      String.join(
          "\n",
          "import java.util.*;",
          "public class Shelf {",
          "  enum Slot { TOP, BOTTOM } static Shelf s; static Map<Integer, String> counts; static Slot first;",
          "  final Map<String, Integer> byName = new HashMap<>();",
          "  final List<String> names = new ArrayList<>();",
          "  String get(String name) { return \"name \" + name + \"=\" + byName.get(name); }",
          "  String get(int i) { return \"index \" + i + \"=\" + names.get(i); }",
          "  String get(Enum<?> e) { return \"slot \" + e.name(); }",
          "  String describe(Object o) { return \"object \" + o; }",
          "  String describe(CharSequence s) { return \"chars \" + s; }",
          "  String describe(long n) { return \"long \" + n; }",
          "  public static void main(String[] args) {",
          "    s = new Shelf();",
          "    for (String n : List.of(\"apple\", \"pear\")) { s.byName.put(n, n.length()); s.names.add(n); }",
          "    counts = new HashMap<>();",
          "    counts.put(300, \"three hundred\");",
          "    first = Slot.BOTTOM;",
          "    System.out.println(s.get(\"pear\") + \" \" + s.get(1) + \" \" + s.get(first) + \" \" + counts.size());", // line 18
          "  }",
          "}",
          "");

  /** A recording of {@link #SHELF} in a new scratch directory named from {@code prefix}. */
  private static Path recordedShelf(Jvm jvm, String prefix) throws IOException {
    Path work = Scratch.dir(prefix + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Shelf", SHELF);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Shelf");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    return recording;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aCallChoosesAmongOverloadsByTheTypesOfItsArgumentsAsJavaDoes(Jvm jvm) throws IOException {
    Path recording = recordedShelf(jvm, "console-overloads-");

    String[] script = {
      "stop at Shelf:18",
      "run",
      "print s.get(\"pear\")",
      "print s.get(0)",
      "print s.get(first)",
      "print s.describe(\"x\")",
      "print s.describe(5)",
      "print s.describe(null)",
      "print s.describe(s.names)",
      "print counts.get(300)",
      "print s.get(true)",
      "cont",
    };
    DebugConsole c = DebugConsole.run(jvm, recording, script);
    assertEquals(" s.get(\"pear\") = \"name pear=4\"", c.first(2, script[2]), c.describe());
    assertEquals(" s.get(0) = \"index 0=apple\"", c.first(3, script[3]), c.describe());
    assertEquals(" s.get(first) = \"slot BOTTOM\"", c.first(4, script[4]), c.describe());
    assertEquals(" s.describe(\"x\") = \"chars x\"", c.first(5, script[5]), "the most specific overload wins" + c.describe());
    assertEquals(" s.describe(5) = \"long 5\"", c.first(6, script[6]), "widening comes before boxing" + c.describe());
    assertEquals(" s.describe(null) = \"chars null\"", c.first(7, script[7]), c.describe());
    assertEquals(" s.describe(s.names) = \"object [apple, pear]\"", c.first(8, script[8]), c.describe());
    assertEquals(" counts.get(300) = \"three hundred\"", c.first(9, script[9]), "an int boxed for get(Object)" + c.describe());
    assertTrue(c.first(10, script[10]).startsWith("no method get of Shelf takes (boolean); there are "), c.describe());
    assertTrue(c.after(11, "cont").contains("name pear=4 index 1=pear slot BOTTOM 1"), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void operatorsComputeAsJavaDoesAndTheReplayGoesOnAsRecorded(Jvm jvm) throws IOException {
    Path recording = recordedShelf(jvm, "console-operators-");

    String[] script = {
      "stop at Shelf:18",
      "run",
      "print s.names.size() * 2 + 1",
      "print counts.size() > 0 && s != null",
      "print \"n=\" + s.names + '!'",
      "print s.byName.get(\"pear\") + 1",
      "print 7 / (counts.size() - 1)",
      "print (1 << 33) + \" \" + (1L << 33) + \" \" + (-1 >>> 28)",
      "print -first.ordinal() - 0.5",
      "print first == Shelf.Slot.BOTTOM",
      "print !s.names.isEmpty() || 1 / 0 == 0",
      "print s + 1",
      "cont",
    };
    DebugConsole c = DebugConsole.run(jvm, recording, script);
    assertEquals(" s.names.size() * 2 + 1 = 5", c.first(2, script[2]), c.describe());
    assertEquals(" counts.size() > 0 && s != null = true", c.first(3, script[3]), c.describe());
    assertEquals(" \"n=\" + s.names + '!' = \"n=[apple, pear]!\"", c.first(4, script[4]), "concatenation runs toString()" + c.describe());
    assertEquals(" s.byName.get(\"pear\") + 1 = 5", c.first(5, script[5]), "an Integer unboxes" + c.describe());
    assertEquals("the expression divides by zero", c.first(6, script[6]), c.describe());
    assertEquals(" (1 << 33) + \" \" + (1L << 33) + \" \" + (-1 >>> 28) = \"2 8589934592 15\"", c.first(7, script[7]), c.describe());
    assertEquals(" -first.ordinal() - 0.5 = -1.5", c.first(8, script[8]), c.describe());
    assertEquals(" first == Shelf.Slot.BOTTOM = true", c.first(9, script[9]), c.describe());
    assertEquals(" !s.names.isEmpty() || 1 / 0 == 0 = true", c.first(10, script[10]), "|| does not evaluate its right side" + c.describe());
    assertEquals("the operator + takes numbers, and this is a Shelf", c.first(11, script[11]), c.describe());
    assertTrue(c.after(12, "cont").contains("name pear=4 index 1=pear slot BOTTOM 1"), c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aConsoleKilledWhileItsReplayRunsLeavesNoOutputFilesBehind(Jvm jvm) throws Exception {
    Path work = Scratch.dir("console-killed-" + jvm.label());
    Path tmp = Files.createDirectory(work.resolve("tmp"));
    List<String> cmd = crunchersConsole(jvm, work, tmp);
    Exec console = Exec.start(cmd, work, "run\n".getBytes(StandardCharsets.UTF_8));
    SignalEndTest.waitForLine(console, "crunching");
    List<ProcessHandle> replays = ProcessHandle.of(console.pid()).orElseThrow().descendants().collect(Collectors.toList());
    console.killForcibly();
    replays.forEach(ProcessHandle::destroyForcibly); // orphans of the SIGKILL: not what this test is about
    assertEquals(List.of(), replayFiles(tmp), "the killed console left output files in its temporary directory");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aConsoleThatQuitsWhileItsSpareReplayConnectsLeavesNoOutputFilesBehind(Jvm jvm) throws Exception {
    Path work = Scratch.dir("console-quit-" + jvm.label());
    Path tmp = Files.createDirectory(work.resolve("tmp"));
    List<String> cmd = crunchersConsole(jvm, work, tmp);
    // quit at once: the pool is still connecting to the replay JVMs it starts ahead of need
    Outcome console = Exec.run(cmd, work, "quit\n".getBytes(StandardCharsets.UTF_8));
    assertEquals(0, console.exitStatus(), console.describe());
    assertEquals(List.of(), replayFiles(tmp), "the console left output files in its temporary directory");
  }

  /** Records the cruncher in {@code work}; the command of a console on it whose temporary directory is {@code tmp}. */
  private static List<String> crunchersConsole(Jvm jvm, Path work, Path tmp) {
    Path classes = JavaSource.compile(work.resolve("classes"), "Cruncher", SignalEndTest.CRUNCHER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Cruncher");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    return List.of("env", "TMPDIR=" + tmp, jvm.java(), "-Djava.io.tmpdir=" + tmp, "-jar",
        TtdRun.jar().toString(), "debug", recording.toString());
  }

  /** The console's files in {@code tmp}: ttd-replay-*.out/.err, and handshake files in the cache. */
  private static List<String> replayFiles(Path tmp) throws IOException {
    try (Stream<Path> files = Files.walk(tmp)) {
      return files.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("ttd-replay-") && (n.endsWith(".out") || n.endsWith(".err")))
          .collect(Collectors.toList());
    }
  }
}
