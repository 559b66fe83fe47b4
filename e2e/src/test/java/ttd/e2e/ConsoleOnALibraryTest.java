package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The console inside a library's code, as a user steps into it: Commons CSV's {@code
 * CSVRecord.get}, stepped into {@code getHeaderMapRaw}, where the replay JVM's debugger answered
 * {@code this} with JDWP INVALID_SLOT at the first instruction and the console printed an
 * internal error ("please report it"). Every answer there is a value or one sentence, and the
 * session goes on.
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
  void steppingIntoALibrarysPrivateMethodAnswersEveryPrintWithAValueOrOneSentence(Jvm jvm) {
    Path work = Scratch.dir("console-library-" + jvm.label());
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, CorpusRun.classPath(), "ttd.compat.csv.CsvReport");
    assertEquals(0, recorded.exitStatus(), recorded.describe());

    DebugConsole c = DebugConsole.run(jvm, recording, SCRIPT);
    assertTrue(c.after(2, "step").stream().anyMatch(l -> l.contains("CSVRecord.getHeaderMapRaw(), line=")), c.describe());
    String noThis = "the JVM gives no 'this' at this instruction (JDWP INVALID_SLOT); `step` or `next` once and try again";
    for (int i = 3; i <= 5; i++) {
      String answer = c.first(i, SCRIPT[i]);
      assertFalse(answer.startsWith("ttd:"), "no internal error: " + answer + c.describe());
      assertTrue(answer.startsWith(" " + SCRIPT[i].substring("print ".length()) + " = ") || answer.equals(noThis), answer + c.describe());
    }
    assertTrue(c.after(6, "where").get(0).contains("CSVRecord.getHeaderMapRaw"), c.describe());
    assertTrue(c.after(7, "next").stream().anyMatch(l -> l.contains("CSVRecord.get(), line=")), c.describe());
    assertEquals(" this.values.length > 0 = true", c.first(8, SCRIPT[8]), c.describe());
    List<String> output = c.after(10, "cont").stream().filter(l -> !l.startsWith("(") && !l.startsWith("The application")).toList();
    assertEquals(recorded.stdout().strip(), String.join("\n", output).strip(), "the replay goes on as recorded" + c.describe());
    assertEquals(0, c.outcome().exitStatus(), c.describe());
  }
}
