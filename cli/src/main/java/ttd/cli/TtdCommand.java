package ttd.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ttd.cli.launch.ToolException;

/**
 * {@code java -jar ttd.jar <command> ...}: dispatches to the command's object in {@link
 * Subcommands} (one class per command) and turns every failure into one {@code ttd:} line on
 * stderr and a documented exit status, never a stack dump.
 */
public final class TtdCommand {

  private static final String AFTER_COMMANDS =
      String.join(
          "\n",
          "",
          "recording with the agent directly: java -javaagent:ttd.jar[=OPTIONS] ...",
          "OPTIONS are comma-separated:",
          AgentOptionsHelp.TEXT,
          "",
          "exit status of replay: the recorded program's own status when the replay matches;",
          "  86 when the replay diverged from the recording (a report on stderr says where);",
          "  87 when the recording ends before the program does (the recorded process was killed);",
          "  88 when the recorded program deadlocked;",
          "  2 for bad usage, a recording that cannot be read, or a replay that could not begin",
          "    (nothing of the program ran then); 128+N when ttd got signal N and passed it on.");

  /** The whole usage: every command of the table, then the agent's options and the exit statuses. */
  static String usage() {
    List<String> lines = new ArrayList<>(List.of(
        "usage: java -jar ttd.jar <command> [options]",
        "",
        "commands (`java -jar ttd.jar <command> --help` shows one command's usage):"));
    for (ToolCommand c : Subcommands.all()) {
      lines.add(c.usage());
    }
    return String.join("\n", lines) + "\n" + AFTER_COMMANDS;
  }

  /** One command's usage, and what its {@code --help} adds. */
  static String usage(ToolCommand command) {
    String usage = "usage: java -jar ttd.jar\n" + command.usage();
    return command.help().isEmpty() ? usage : usage + "\n\n" + command.help();
  }

  private TtdCommand() {}

  /**
   * Why a path cannot be used: the JVM names files in its locale's encoding ({@code
   * sun.jnu.encoding}), which under {@code LANG=C} is ASCII, so a path with other characters
   * reaches the JVM already garbled.
   */
  static String unnamable(String path) {
    return "the path " + path + " has characters that this locale cannot name in file names ("
        + System.getProperty("sun.jnu.encoding") + "); run ttd under a UTF-8 locale, e.g. LC_ALL=C.UTF-8";
  }

  /** Runs the command and returns the exit status (the launcher exits with it). */
  public static int run(String[] args) {
    try {
      if (args.length == 0) {
        throw new ToolException("no command given; `java -jar ttd.jar help` lists the commands");
      }
      String[] rest = Arrays.copyOfRange(args, 1, args.length);
      ToolCommand command = Subcommands.named(args[0]);
      if (!(command instanceof HelpCommand) && asksForHelp(rest)) {
        System.out.println(command == null ? usage() : usage(command));
        return 0;
      }
      if (command == null) {
        throw new ToolException("unknown command '" + args[0] + "'; `java -jar ttd.jar help` lists the commands");
      }
      return command.run(rest);
    } catch (ToolException e) {
      System.err.println("ttd: " + e.getMessage());
      return e.status();
    } catch (java.nio.file.InvalidPathException e) {
      System.err.println("ttd: " + unnamable(e.getInput()));
      return ToolException.BAD_INPUT;
    } catch (RuntimeException e) {
      System.err.println("ttd: internal error (" + e + "); please report it");
      return 70;
    }
  }

  /**
   * Whether {@code rest}, the arguments after a command, ask for its usage: {@code --help} or
   * {@code -h} anywhere before a {@code --} (after it, record's arguments are the program's).
   */
  private static boolean asksForHelp(String[] rest) {
    for (String a : rest) {
      if (a.equals("--")) {
        return false;
      }
      if (a.equals("--help") || a.equals("-h")) {
        return true;
      }
    }
    return false;
  }
}
