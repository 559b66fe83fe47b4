package ttd.cli;

import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import ttd.cli.launch.EventListing;
import ttd.cli.launch.RecordedEvents;
import ttd.cli.launch.ToolException;

/**
 * {@code ttd events <recording> [--thread NAME] [--kind WORD] [--schedule] [--limit N]}: lists the
 * recorded events in the program's one global order, one line each: the event's number (the
 * position {@code ttd debug}'s {@code goto} takes), thread name, kind, value and call site; the
 * scheduler's decisions folded into one line per stretch unless {@code --schedule}.
 */
final class EventsCommand implements ToolCommand {

  private static final String USAGE = "usage: events <recording> [--thread NAME] [--kind WORD] [--schedule] [--limit N]";

  @Override
  public String name() {
    return "events";
  }

  @Override
  public String usage() {
    return String.join("\n",
        "  events <recording> [--thread NAME] [--kind WORD] [--schedule] [--limit N]",
        "                      list the recorded events in their one global order (the numbers",
        "                      `ttd debug` goes to): number, thread, kind, value, call site;",
        "                      --thread and --kind keep those (a part of the name is enough),",
        "                      --schedule lists the scheduler's thread switches one by one",
        "                      instead of folding each run of them into one line");
  }

  @Override
  public int run(String[] args) {
    if (args.length == 0 || args[0].startsWith("--")) {
      throw new ToolException(USAGE);
    }
    List<String> options = new java.util.ArrayList<>(Arrays.asList(args).subList(1, args.length));
    long limit = Long.MAX_VALUE;
    int at = options.indexOf("--limit");
    if (at >= 0) {
      if (at + 1 >= options.size()) {
        throw new ToolException("--limit takes a number");
      }
      limit = parse(options.get(at + 1));
      options.subList(at, at + 2).clear();
    }
    EventListing.Filter filter = EventListing.Filter.parse(options, false);
    if (filter == null) {
      throw new ToolException(USAGE);
    }
    long max = limit;
    boolean[] ordered = {true};
    String[] ended = {null};
    long[] printed = {0};
    EventListing listing = new EventListing(filter, -2, line -> { // an event after a fold adds two lines at once
      if (printed[0]++ < max) {
        System.out.println(line);
      }
    });
    RecordedEvents.read(
        Paths.get(args[0]),
        new RecordedEvents.Visitor() {
          @Override
          public boolean event(RecordedEvents.Event e) {
            ordered[0] &= e.global() != -2;
            listing.add(e);
            return listing.lines() < max;
          }

          @Override
          public void end(int exitStatus, String cause) {
            if (listing.lines() < max) {
              listing.finish();
            }
            ended[0] = "end: exit status " + exitStatus + " (" + cause + ")";
          }
        });
    if (ended[0] == null && listing.lines() < max) {
      listing.finish(); // an incomplete recording: its last stretch of decisions
    }
    if (ended[0] != null) {
      System.out.println(ended[0]);
    }
    if (!ordered[0]) {
      System.out.println("(this recording was made before ttd numbered events in one global order: each thread's own numbers are shown)");
    }
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
