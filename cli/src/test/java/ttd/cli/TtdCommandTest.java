package ttd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TtdCommandTest {

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private PrintStream oldErr;
  private PrintStream oldOut;

  @BeforeEach
  void capture() {
    oldErr = System.err;
    oldOut = System.out;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setErr(oldErr);
    System.setOut(oldOut);
  }

  @Test
  void helpListsTheCommandsAndTheAgentOptions() {
    assertEquals(0, TtdCommand.run(new String[] {"help"}));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("replay <recording>"));
    assertTrue(text.contains("seed=N"));
    assertTrue(text.contains("86"));
  }

  @Test
  void helpAfterACommandPrintsThatCommandsUsage() {
    for (String command : new String[] {"record", "replay", "info", "events"}) {
      out.reset();
      assertEquals(0, TtdCommand.run(new String[] {command, "--help"}), command);
      String text = out.toString(StandardCharsets.UTF_8);
      assertTrue(text.contains("  " + command + " "), command + ": " + text);
      assertTrue(!text.contains("exit status of replay"), "only that command's usage: " + text);
    }
    out.reset();
    assertEquals(0, TtdCommand.run(new String[] {"events", "/some/recording", "-h"}));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("--thread NAME"));
    out.reset();
    assertEquals(0, TtdCommand.run(new String[] {"record", "--help"}));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("seed=N"), "record's usage names the agent options");
  }

  @Test
  void helpWithACommandPrintsThatCommandsUsageAlone() {
    assertEquals(0, TtdCommand.run(new String[] {"help", "events"}));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith("usage: java -jar ttd.jar\n  events <recording>"), text);
    assertTrue(!text.contains("  record ") && !text.contains("exit status of replay"), "only that command's usage: " + text);
  }

  @Test
  void helpWithAWordThatIsNoCommandPrintsTheWholeUsage() {
    assertEquals(0, TtdCommand.run(new String[] {"help", "rewind"}));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("exit status of replay"));
  }

  @Test
  void everyCommandOfTheTableIsInTheUsageAndAnswersHelpWithItsOwnUsage() {
    assertEquals(0, TtdCommand.run(new String[] {"help"}));
    String whole = out.toString(StandardCharsets.UTF_8);
    for (ToolCommand c : Subcommands.all()) {
      assertTrue(whole.contains(c.usage() + "\n"), c.name() + " is missing from the usage: " + whole);
      if (c instanceof HelpCommand) {
        continue; // help about help is the whole usage
      }
      for (String[] asks : List.of(new String[] {c.name(), "--help"}, new String[] {"help", c.name()})) {
        out.reset();
        assertEquals(0, TtdCommand.run(asks), String.join(" ", asks));
        assertEquals(TtdCommand.usage(c) + "\n", out.toString(StandardCharsets.UTF_8), String.join(" ", asks));
      }
    }
  }

  @Test
  void helpAfterTheSeparatorBelongsToTheRecordedProgram() {
    err.reset();
    out.reset();
    assertEquals(2, TtdCommand.run(new String[] {"record", "--bogus", "--", "java", "--help"}));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown record option '--bogus'"), err.toString(StandardCharsets.UTF_8));
    assertTrue(out.toString(StandardCharsets.UTF_8).isEmpty(), "a usage was printed instead of the error");
  }

  @Test
  void badUsageGetsOneLineAndStatusTwo() {
    assertOneLine(new String[] {}, "no command given");
    assertOneLine(new String[] {"rewind"}, "unknown command 'rewind'");
    assertOneLine(new String[] {"replay"}, "replay takes the recording's directory");
    assertOneLine(new String[] {"record", "--pin", "speed=3", "--", "java", "X"}, "--pin takes clock=");
    assertOneLine(new String[] {"record", "--out"}, "--out needs a value");
    assertOneLine(new String[] {"info", "/no/such/recording"}, "there is no recording at /no/such/recording");
  }

  private void assertOneLine(String[] args, String expected) {
    err.reset();
    assertEquals(2, TtdCommand.run(args));
    String text = err.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith("ttd: ") && text.contains(expected), text);
    assertEquals(1, text.split("\n").length, text);
  }
}
