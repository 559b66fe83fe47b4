package ttd.replay.cli;

import java.util.Arrays;
import java.util.ServiceLoader;
import ttd.replay.ToolException;

/**
 * {@code java -jar ttd.jar <command> ...}: dispatches to one class per command and turns every
 * failure into one {@code ttd:} line on stderr and a documented exit status, never a stack dump.
 */
public final class TtdCommand {

  static final String USAGE =
      String.join(
          "\n",
          "usage: java -jar ttd.jar <command> [options]",
          "",
          "commands:",
          "  record [--out DIR] [--pin clock=INSTANT,seed=N] [--chaos] [--quiet]",
          "         [--redact NAME,...] [--no-redact-default] [--native-children] -- <java command line>",
          "                      run a Java program under the recorder; --redact leaves more",
          "                      environment variables and properties out of the recording;",
          "                      --native-children also records its child processes with rr, where rr can record",
          "  replay <recording> [--jdwp [HOST:]PORT]",
          "                      re-run a recording: same output, same exit status, no real I/O;",
          "                      --jdwp waits for jdb or an IDE on that address (localhost by default)",
          "  info <recording>    show what a recording holds",
          "  events <recording> [--limit N]",
          "                      list the recorded events: thread, number, kind, value, call site",
          "  debug <recording> [--sourcepath DIR[:DIR...]]",
          "                      a jdb-like console over the replay that also runs backwards:",
          "                      reverse-continue, reverse-step, goto, checkpoints, field history",
          "  debug --native -- <program> [args]",
          "                      the same console over a native program, recorded by gdb's process record",
          "  debug <rr trace>    the same console over an rr trace (gdb connected to rr replay)",
          "  native record [--out DIR] -- <program> [args]",
          "                      record a native program with rr (needs hardware performance counters)",
          "  help                show this text",
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
          System.out.println(USAGE);
          return 0;
        default:
          for (ToolCommand c : ServiceLoader.load(ToolCommand.class, TtdCommand.class.getClassLoader())) {
            if (c.name().equals(args[0])) {
              return c.run(rest);
            }
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
}
