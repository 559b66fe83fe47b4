package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The full ttd.jar's subcommands, those of other modules ({@code debug}, {@code native}) included,
 * each answer {@code <command> --help} and {@code help <command>} with the same usage of their own
 * and status 0: both come from the one table the whole usage lists.
 */
class CliHelpTest {

  private static final Pattern COMMAND = Pattern.compile("^  ([a-z]+)[ \\[<]", Pattern.MULTILINE);

  @Test
  void everyListedCommandAnswersHelpWithItsOwnUsage() {
    for (Jvm jvm : Jvm.all()) {
      Path dir = Scratch.dir("cli-help-" + jvm.label());
      Outcome help = TtdRun.cli(jvm, dir, "help");
      assertEquals(0, help.exitStatus(), help.describe());
      String commands = help.stdout().substring(0, help.stdout().indexOf("\n\nrecording with the agent directly"));
      List<String> names = new ArrayList<>();
      Matcher m = COMMAND.matcher(commands);
      while (m.find()) {
        names.add(m.group(1));
      }
      assertTrue(names.containsAll(List.of("record", "replay", "info", "events", "debug", "native", "help")), names.toString());
      for (String name : names) {
        if (name.equals("help")) {
          continue; // help about help is the whole usage
        }
        Outcome flag = TtdRun.cli(jvm, dir, name, "--help");
        Outcome word = TtdRun.cli(jvm, dir, "help", name);
        assertEquals(0, flag.exitStatus(), flag.describe());
        assertEquals(0, word.exitStatus(), word.describe());
        assertTrue(flag.stdout().startsWith("usage: java -jar ttd.jar\n  " + name + " "), flag.describe());
        assertTrue(!flag.stdout().contains("exit status of replay"), "only the command's usage: " + flag.describe());
        assertEquals(flag.stdout(), word.stdout(), jvm.label() + ": help " + name);
      }
    }
  }

  @Test
  void everyAgentOptionTheHelpListsIsOneTheAgentAccepts() {
    Jvm jvm = Jvm.all().get(0);
    Path dir = Scratch.dir("cli-help-agent-options");
    Path classes = JavaSource.compile(dir.resolve("classes"), "Hello",
        "public class Hello { public static void main(String[] a) { System.out.println(\"hello\"); } }");
    String help = TtdRun.cli(jvm, dir, "help").stdout();
    String options = help.substring(help.indexOf("OPTIONS are comma-separated"), help.indexOf("exit status of replay"));
    Matcher m = AGENT_OPTION.matcher(options);
    List<String> listed = new ArrayList<>();
    while (m.find()) {
      listed.add(m.group(1) + (m.group(2).isEmpty() ? "" : "=" + SAMPLE_VALUES.getOrDefault(m.group(1), "x")));
    }
    assertTrue(listed.size() >= 8 && listed.contains("chaos"), listed.toString());
    for (String option : listed) {
      String out = "out=" + dir.resolve("recording-" + listed.indexOf(option));
      String agent = (option.startsWith("out=") ? out : out + "," + option) + ",quiet";
      List<String> cmd = List.of(jvm.java(), "-javaagent:" + TtdRun.jar() + "=" + agent, "-cp", classes.toString(),
          "Hello");
      Outcome run = Exec.run(cmd, dir);
      assertEquals(0, run.exitStatus(), run.describe());
      assertEquals("hello\n", run.stdout(), option + ": " + run.describe());
      assertTrue(!run.stderr().contains("agent option"), option + ": " + run.describe());
    }
  }

  private static final Pattern AGENT_OPTION = Pattern.compile("^  ([a-z]+)(=?)[A-Z]* ", Pattern.MULTILINE);

  /** Values the parser accepts for the options that take one (any text for the others). */
  private static final Map<String, String> SAMPLE_VALUES = Map.of("clock", "2025-01-01T09:00:00Z", "seed", "42");
}
