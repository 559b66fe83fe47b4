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
 * answer to choose colours, prompts and progress bars. Likewise a password read on the terminal
 * replays: turning its echo off and back on is answered from the recording, where the replay
 * used to ask a pipe and fail.
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

  private static final String PASSWORD = String.join("\n",
      "public class Login {",
      "  public static void main(String[] a) {",
      "    char[] password = System.console().readPassword(\"password: \");",
      "    System.out.println(\"read \" + password.length + \" characters, hash \" + new String(password).hashCode());",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aPasswordReadOnATerminalWithItsEchoOffReplaysThroughAPipe() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("readPassword replays on " + jvm.label(), () -> {
        Path work = Scratch.dir("console-password-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Login", PASSWORD);
        Path recording = work.resolve("recording");
        List<String> record = TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(), "Login", List.of());
        // script(1) hands its input to the program's terminal, which echoes it until readPassword turns that off
        Outcome onTerminal = Exec.run(List.of("script", "-qec", String.join(" ", record), "/dev/null"), work,
            "s3cret\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(0, onTerminal.exitStatus(), onTerminal.describe());
        String expected = "read 6 characters, hash " + "s3cret".hashCode() + "\n";
        assertTrue(onTerminal.stdout().replace("\r", "").endsWith(expected), onTerminal.describe());
        for (int i = 1; i <= 2; i++) {
          Outcome replayed = TtdRun.replay(jvm, recording);
          assertEquals(0, replayed.exitStatus(), "replay " + i + ": " + replayed.describe());
          assertEquals("password: \n" + expected, replayed.stdout(), "replay " + i + ": " + replayed.describe());
        }
      }));
    }
    return tests;
  }

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
