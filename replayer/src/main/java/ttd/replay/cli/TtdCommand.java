package ttd.replay.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ttd.replay.ToolException;

/**
 * {@code java -jar ttd.jar <command> ...}: dispatches to one class per command and turns every
 * failure into one {@code ttd:} line on stderr and a documented exit status, never a stack dump.
 */
public final class TtdCommand {

  private static final String RECORD = String.join("\n",
      "  record [--out DIR] [--pin clock=INSTANT,seed=N] [--chaos] [--path] [--quiet] [--native-children]",
      "         [--redact NAME,...] [--no-redact-default] -- <java command line>",
      "                      run a Java program under the recorder; --redact leaves more",
      "                      environment variables and properties out of the recording; --path also logs each",
      "                      thread's path, so a replay that diverges stops where it left it;",
      "                      --native-children also records its child processes with rr, where rr can record");
  private static final String REPLAY = String.join("\n",
      "  replay <recording> [--jdwp [HOST:]PORT]",
      "                      re-run a recording: same output, same exit status, no real I/O;",
      "                      --jdwp waits for jdb or an IDE on that address (localhost by default),",
      "                      which can also run the replay backwards (ttd is the JDWP server)");
  private static final String INFO = "  info <recording>    show what a recording holds";
  private static final String EVENTS = String.join("\n",
      "  events <recording> [--thread NAME] [--kind WORD] [--schedule] [--limit N]",
      "                      list the recorded events in their one global order (the numbers",
      "                      `ttd debug` goes to): number, thread, kind, value, call site;",
      "                      --thread and --kind keep those (a part of the name is enough),",
      "                      --schedule lists the scheduler's thread switches one by one",
      "                      instead of folding each run of them into one line");

  /** The whole usage, with the commands of other modules ({@link ToolCommand}) in it. */
  static String usage() {
    List<String> lines = new ArrayList<>(List.of(
        "usage: java -jar ttd.jar <command> [options]",
        "",
        "commands (`java -jar ttd.jar <command> --help` shows one command's usage):",
        RECORD,
        REPLAY,
        INFO,
        EVENTS));
    for (ToolCommand c : ToolCommand.all()) {
      lines.add(c.usage());
    }
    lines.add("  help                show this text");
    return String.join("\n", lines) + "\n" + AFTER_COMMANDS;
  }

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
      if (asksForHelp(args[0], rest)) {
        System.out.println(usage(args[0]));
        return 0;
      }
      switch (args[0]) {
        case "record":
          return RecordCommand.run(rest);
        case "replay":
          return ReplayCommand.run(rest);
        case "info":
          return InfoCommand.run(rest);
        case "events":
          return EventsCommand.run(rest);
        case "help":
        case "--help":
        case "-h":
          System.out.println(usage());
          return 0;
        default:
          ToolCommand tool = ToolCommand.named(args[0]);
          if (tool != null) {
            return tool.run(rest);
          }
          throw new ToolException(
              "unknown command '" + args[0] + "'; `java -jar ttd.jar help` lists the commands");
      }
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
   * Whether {@code rest}, the arguments after {@code command}, ask for its usage: {@code --help}
   * or {@code -h} anywhere before a {@code --} (after it, record's arguments are the program's).
   */
  private static boolean asksForHelp(String command, String[] rest) {
    for (String a : rest) {
      if (a.equals("--")) {
        return false;
      }
      if (a.equals("--help") || a.equals("-h")) {
        return !command.equals("help");
      }
    }
    return false;
  }

  /** One command's usage, as {@code help} lists it; the whole text for a command it does not know. */
  static String usage(String command) {
    switch (command) {
      case "record":
        return "usage: java -jar ttd.jar\n" + RECORD + "\n\nagent options (--pin, --chaos and --quiet set these):\n" + AgentOptionsHelp.TEXT;
      case "replay":
        return "usage: java -jar ttd.jar\n" + REPLAY;
      case "info":
        return "usage: java -jar ttd.jar\n" + INFO;
      case "events":
        return "usage: java -jar ttd.jar\n" + EVENTS;
      default:
        ToolCommand tool = ToolCommand.named(command);
        return tool != null ? "usage: java -jar ttd.jar\n" + tool.usage() : usage();
    }
  }
}
