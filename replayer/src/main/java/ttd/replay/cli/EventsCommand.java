package ttd.replay.cli;

import java.nio.file.Paths;
import ttd.replay.RecordedEvents;
import ttd.replay.ToolException;

/**
 * {@code ttd events <recording> [--limit N]}: lists the recorded events in log order, one line
 * each: thread, event number, kind, value and call site.
 */
final class EventsCommand {

  private EventsCommand() {}

  static int run(String[] args) {
    if (args.length != 1 && !(args.length == 3 && args[1].equals("--limit"))) {
      throw new ToolException("usage: events <recording> [--limit N]");
    }
    long limit = args.length == 3 ? parse(args[2]) : Long.MAX_VALUE;
    long[] shown = {0};
    RecordedEvents.read(
        Paths.get(args[0]),
        new RecordedEvents.Visitor() {
          @Override
          public boolean event(RecordedEvents.Event e) {
            if (shown[0] >= limit) {
              return false;
            }
            System.out.println(e.describe());
            shown[0]++;
            return true;
          }

          @Override
          public void end(int exitStatus, String cause) {
            System.out.println("end: exit status " + exitStatus + " (" + cause + ")");
          }
        });
    return 0;
  }

  private static long parse(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new ToolException("--limit takes a number, not '" + s + "'");
    }
  }
}
