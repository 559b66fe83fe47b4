package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Whether the program ran on a terminal is an input: a program recorded on a terminal (here a
 * pseudo-terminal from {@code script}) that asks {@code System.console()} replays with its output
 * going to a pipe and still sees the terminal it was recorded on.
 *
 * <p>Before, the replay asked the JVM again: {@code System.console()} answered null in a replay
 * through a pipe and the replay diverged at the program's first line (exit 86). Programs take this
 * answer to choose colours, prompts and progress bars.
 */
class ConsoleTtyReplayTest {

  private static final String PROMPT = String.join("\n",
      "public class Prompt {",
      "  public static void main(String[] a) throws Exception {",
      "    java.io.Console c = System.console();",
      "    boolean terminal = c != null;",
      "    if (c != null && Runtime.version().feature() >= 22) {",
      "      terminal = (Boolean) java.io.Console.class.getMethod(\"isTerminal\").invoke(c);",
      "    }",
      "    System.out.println(terminal ? \"interactive: colours on\" : \"batch: plain output\");",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aProgramRecordedOnATerminalReplaysThroughAPipe() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a terminal's answer replays on " + jvm.label(), () -> {
        Path work = Scratch.dir("console-tty-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Prompt", PROMPT);
        Path recording = work.resolve("recording");
        List<String> record = TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(), "Prompt", List.of());
        // script(1) runs the command on a pseudo-terminal: stdin and stdout are terminals
        Outcome onTerminal = Exec.run(List.of("script", "-qec", String.join(" ", record), "/dev/null"), work);
        assertEquals(0, onTerminal.exitStatus(), onTerminal.describe());
        assertEquals("interactive: colours on\n", onTerminal.stdout().replace("\r", ""), onTerminal.describe());
        for (int i = 1; i <= 2; i++) {
          Outcome replayed = TtdRun.replay(jvm, recording);
          assertEquals(0, replayed.exitStatus(), replayed.describe());
          assertEquals("interactive: colours on\n", replayed.stdout(), "replay " + i + ": " + replayed.describe());
        }
        Outcome plainPipe = Exec.run(List.of(jvm.java(), "-cp", classes.toString(), "Prompt"), work);
        assertTrue(plainPipe.stdout().startsWith("batch"), "without a terminal the program says so: "
            + plainPipe.describe());
      }));
    }
    return tests;
  }
}
