package ttd.replay.cli;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import ttd.log.BlockDecoder;
import ttd.log.EventKind;
import ttd.log.TraceDocument;
import ttd.log.TraceFormat;
import ttd.log.TraceReader;
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
    Path dir = Paths.get(args[0]);
    long usable = Recordings.scan(dir).usable();
    Map<Integer, String> sites = new HashMap<>();
    Map<Integer, String> threads = new HashMap<>();
    long shown = 0;
    try (TraceReader reader = new TraceReader(dir.resolve(TraceFormat.QUEUE_DIR), usable)) {
      TraceDocument d;
      while ((d = reader.next()) != null && shown < limit) {
        switch (d.type()) {
          case TraceFormat.DOC_SITE:
            sites.put(d.intValue(), d.name());
            break;
          case TraceFormat.DOC_THREAD:
            threads.put(d.intValue(), d.name());
            break;
          case TraceFormat.DOC_END:
            System.out.println("end: exit status " + d.intValue() + " (" + d.name() + ")");
            break;
          case TraceFormat.DOC_BLOCK:
            BlockDecoder e = d.blockEvents();
            long index = d.blockFirstIndex();
            String thread = threads.getOrDefault(d.blockThread(), "#" + d.blockThread());
            while (e.next() && shown < limit) {
              System.out.println(thread + " #" + index++ + " " + describe(e, sites));
              shown++;
            }
            break;
          default:
            break;
        }
      }
    }
    return 0;
  }

  private static String describe(BlockDecoder e, Map<Integer, String> sites) {
    String value;
    switch (e.kind().payload()) {
      case LONG:
        value = Long.toString(e.longValue());
        break;
      case STRING:
        value = String.valueOf(e.text());
        break;
      case STRING_PAIR:
        value = e.text() + "=" + e.text2();
        break;
      case STRING_MAP:
        value = e.map() == null ? "null" : e.map().size() + " entries";
        break;
      default:
        value = e.bytes().length + " bytes";
    }
    if (e.kind().code() >= EventKind.SCHED_SWITCH.code() && e.kind().code() <= EventKind.SCHED_RESUME.code()) {
      // the scheduler's events keep a thread's ordinal + 1 where others keep a call site
      String to = e.site() == 0 ? "no thread" : "thread #" + (e.site() - 1);
      return e.kind().name() + (e.kind() == EventKind.SCHED_RESUME ? " idle period " : " tick ") + value + " " + to;
    }
    String site = e.site() == 0 ? "" : " at " + sites.getOrDefault(e.site(), "site " + e.site());
    return e.kind().name() + " " + value + site;
  }

  private static long parse(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new ToolException("--limit takes a number, not '" + s + "'");
    }
  }
}
