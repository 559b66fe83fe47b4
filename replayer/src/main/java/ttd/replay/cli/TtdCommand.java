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
          "  record [--out DIR] [--pin clock=INSTANT,seed=N] [--chaos] [--quiet] [--native-children] -- <java command line>",
          "                      run a Java program under the recorder; --native-children also records",
          "                      its child processes with rr, where rr can record",
          "  replay <recording> [--jdwp [HOST:]PORT]",
          "                      re-run a recording: same output, same exit status, no real I/O;",
          "                      --jdwp waits for jdb or an IDE on that address (localhost by default)",
          "  info <recording>    show what a recording holds",
          "  events <recording> [--limit N]",
          "                      list the recorded events: thread, number, kind, value, call site",
          "  debug <recording> [--sourcepath DIR[:DIR...]] [--jdwp [HOST:]PORT]",
          "                      a jdb-like console over the replay that also runs backwards:",
          "                      reverse-continue, reverse-step, goto, checkpoints, field history;",
          "                      --jdwp: an IDE or jdb attaches there and shares its position",
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
          "  2 for bad usage or a recording that cannot be read.");

  private TtdCommand() {}

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
    } catch (RuntimeException e) {
      System.err.println("ttd: internal error (" + e + "); please report it");
      return 70;
    }
  }
}
