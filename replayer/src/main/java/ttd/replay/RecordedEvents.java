package ttd.replay;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import ttd.log.BadRecordingException;
import java.nio.charset.StandardCharsets;
import ttd.log.BlockDecoder;
import ttd.log.EventKind;
import ttd.log.RecordingScan;
import ttd.log.TraceDocument;
import ttd.log.TraceFormat;
import ttd.log.TraceReader;

/**
 * The recorded events of a recording in log order, decoded for people: thread, event number,
 * kind, value and call site. The {@code events} command prints them; the debugger's {@code
 * timeline} lists them with positions.
 */
public final class RecordedEvents {

  /** One decoded event. {@code index} is the thread's own event number. */
  public record Event(String thread, int threadOrdinal, long index, String kind, String value, String site, String preview) {

    /** The line the {@code events} command prints. */
    public String describe() {
      return thread + " #" + index + " " + kind + " " + value + (site.isEmpty() ? "" : " at " + site);
    }
  }

  /** Receives the events, and the end of a complete recording; returns false to stop reading. */
  public interface Visitor {
    boolean event(Event e);

    default void end(int exitStatus, String cause) {}
  }

  private RecordedEvents() {}

  /** Reads every usable event of the recording at {@code dir} in log order. */
  public static void read(Path dir, Visitor visitor) {
    long usable;
    try {
      usable = RecordingScan.of(dir).usable();
    } catch (BadRecordingException e) {
      throw new ToolException(e.getMessage());
    }
    Map<Integer, String> sites = new HashMap<>();
    Map<Integer, String> threads = new HashMap<>();
    try (TraceReader reader = new TraceReader(dir.resolve(TraceFormat.QUEUE_DIR), usable)) {
      TraceDocument d;
      while ((d = reader.next()) != null) {
        switch (d.type()) {
          case TraceFormat.DOC_SITE:
            sites.put(d.intValue(), d.name());
            break;
          case TraceFormat.DOC_THREAD:
            threads.put(d.intValue(), d.name());
            break;
          case TraceFormat.DOC_END:
            visitor.end(d.intValue(), d.name());
            break;
          case TraceFormat.DOC_BLOCK:
            BlockDecoder e = d.blockEvents();
            long index = d.blockFirstIndex();
            String thread = threads.getOrDefault(d.blockThread(), "#" + d.blockThread());
            while (e.next()) {
              boolean decision = isDecision(e.kind());
              String site =
                  e.site() == 0 || decision ? "" : sites.getOrDefault(e.site(), "site " + e.site());
              String value = decision ? decision(e) : value(e);
              if (!visitor.event(
                  new Event(thread, d.blockThread(), index++, e.kind().name(), value, site, preview(e)))) {
                return;
              }
            }
            break;
          default:
            break;
        }
      }
    }
  }

  /** The text of a write to stdout or stderr, quoted and cut, as a person scans a timeline. */
  private static String preview(BlockDecoder e) {
    if (e.kind() != EventKind.STDOUT && e.kind() != EventKind.STDERR) {
      return null;
    }
    String text = new String(e.bytes(), StandardCharsets.UTF_8);
    boolean cut = text.length() > 60;
    text = (cut ? text.substring(0, 60) : text).replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    return "\"" + text + "\"" + (cut ? "..." : "");
  }

  private static boolean isDecision(EventKind kind) {
    return kind.code() >= EventKind.SCHED_SWITCH.code() && kind.code() <= EventKind.SCHED_RESUME.code();
  }

  /** A scheduler decision keeps a thread's ordinal + 1 where other events keep a call site. */
  private static String decision(BlockDecoder e) {
    String to = e.site() == 0 ? "no thread" : "thread #" + (e.site() - 1);
    return (e.kind() == EventKind.SCHED_RESUME ? "idle period " : "tick ") + e.longValue() + " " + to;
  }

  private static String value(BlockDecoder e) {
    switch (e.kind().payload()) {
      case LONG:
        return Long.toString(e.longValue());
      case STRING:
        return String.valueOf(e.text());
      case STRING_PAIR:
        return e.text() + "=" + e.text2();
      case STRING_MAP:
        return e.map() == null ? "null" : e.map().size() + " entries";
      default:
        return e.bytes().length + " bytes";
    }
  }
}
