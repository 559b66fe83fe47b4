package ttd.cli.launch;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import ttd.log.BadRecordingException;
import ttd.log.BlockDecoder;
import ttd.log.EventKind;
import ttd.log.RecordingScan;
import ttd.log.TraceDocument;
import ttd.log.TraceFormat;
import ttd.log.TraceReader;

/**
 * The recorded events of a recording decoded for people, in the program's one global order: the
 * order the recorder numbered them in (each thread's blocks carry where their events lie in it,
 * {@link TraceFormat#DOC_ORDER}), which is the order and the numbering of the debugger's
 * positions. The {@code events} command prints them, the debugger's {@code timeline} lists them.
 *
 * <p>An event a thread recorded while it did not hold the scheduler's baton (its first event, an
 * I/O result while it waited outside the scheduler) has no number; it is listed just before its
 * thread's next numbered event. A recording made before ttd kept the global order (format
 * version 2) is listed in log order with no numbers.
 */
public final class RecordedEvents {

  /**
   * One decoded event: {@code global} its number in the global order (-1: outside it; -2: the
   * recording has no order), {@code index} the thread's own event number, {@code about} the
   * thread a scheduler decision hands the baton to, lets in or resumes (null for other events).
   */
  public record Event(long global, String thread, int threadOrdinal, long index, String kind, String value, String site, String preview, String about) {

    /** Whether this is one of the scheduler's decisions (a switch, letting a thread in, a resume). */
    public boolean decision() {
      return kind.startsWith("SCHED_") && !kind.equals("SCHED_WAIT");
    }
  }

  /** Receives the events, and the end of a complete recording; returns false to stop reading. */
  public interface Visitor {
    boolean event(Event e);

    default void end(int exitStatus, String cause) {}
  }

  private RecordedEvents() {}

  /** Reads every usable event of the recording at {@code dir}, in the global order when it has one. */
  public static void read(Path dir, Visitor visitor) {
    long usable;
    try {
      usable = RecordingScan.of(dir).usable();
    } catch (BadRecordingException e) {
      throw new ToolException(e.getMessage());
    }
    new Reading(visitor).run(dir, usable);
  }

  /** One pass over the log, holding back the events whose turn in the global order has not come. */
  private static final class Reading {
    private final Visitor visitor;
    private final Map<Integer, String> sites = new HashMap<>();
    private final Map<Integer, String> threads = new HashMap<>();
    private final Map<Integer, long[]> order = new HashMap<>();
    /** Numbered events read before their turn, by number. */
    private final TreeMap<Long, Raw> waiting = new TreeMap<>();
    /** Each thread's events outside the order, held until its next numbered event. */
    private final Map<Integer, Deque<Raw>> outside = new HashMap<>();
    private long next;
    private boolean ordered;
    private boolean stopped;
    private int[] end;
    private String endCause;

    Reading(Visitor visitor) {
      this.visitor = visitor;
    }

    void run(Path dir, long usable) {
      try (TraceReader reader = new TraceReader(dir.resolve(TraceFormat.QUEUE_DIR), usable)) {
        TraceDocument d;
        while (!stopped && (d = reader.next()) != null) {
          switch (d.type()) {
            case TraceFormat.DOC_SITE:
              sites.put(d.intValue(), d.name());
              break;
            case TraceFormat.DOC_THREAD:
              threads.put(d.intValue(), d.name());
              break;
            case TraceFormat.DOC_END:
              end = new int[] {d.intValue()};
              endCause = d.name();
              break;
            case TraceFormat.DOC_ORDER:
              order.put(d.orderThread(), d.orderRuns());
              ordered = true;
              break;
            case TraceFormat.DOC_BLOCK:
              block(d);
              break;
            default:
              break;
          }
        }
      }
      if (!stopped) {
        // an incomplete recording may lack some threads' last blocks: the rest goes out in order
        for (Raw r : List.copyOf(waiting.values())) {
          if (!emitWithOutside(r)) {
            return;
          }
        }
        for (Deque<Raw> held : outside.values()) {
          for (Raw r : held) {
            if (!emit(r)) {
              return;
            }
          }
        }
      }
      if (!stopped && end != null) {
        visitor.end(end[0], endCause);
      }
    }

    private void block(TraceDocument d) {
      int ordinal = d.blockThread();
      long[] runs = order.remove(ordinal);
      BlockDecoder e = d.blockEvents();
      long index = d.blockFirstIndex();
      int run = -1;
      while (!stopped && e.next()) {
        while (runs != null && run + 1 < runs.length / 2 && runs[2 * (run + 1)] <= index) {
          run++;
        }
        long global = !ordered ? -2 : runs == null || run < 0 || runs[2 * run + 1] < 0 ? -1 : runs[2 * run + 1] + index - runs[2 * run];
        Raw r = new Raw(global, ordinal, index++, e.kind(), e.site(), value(e), preview(e));
        if (global == -2) {
          emit(r);
        } else if (global == -1) {
          outside.computeIfAbsent(ordinal, k -> new ArrayDeque<>()).add(r);
        } else {
          waiting.put(global, r);
        }
      }
      while (!stopped && waiting.containsKey(next)) {
        emitWithOutside(waiting.get(next));
      }
    }

    /** Emits {@code r} after the events outside the order its thread recorded before it. */
    private boolean emitWithOutside(Raw r) {
      waiting.remove(r.global);
      next = Math.max(next, r.global + 1);
      Deque<Raw> held = outside.get(r.ordinal);
      while (held != null && !held.isEmpty() && held.peek().index < r.index) {
        if (!emit(held.poll())) {
          return false;
        }
      }
      return emit(r);
    }

    private boolean emit(Raw r) {
      if (stopped) {
        return false;
      }
      String thread = threads.getOrDefault(r.ordinal, "#" + r.ordinal);
      boolean decision = isDecision(r.kind);
      String site = r.site == 0 || decision ? "" : sites.getOrDefault(r.site, "site " + r.site);
      String value = decision ? decision(r) : r.value;
      String about = !decision ? null : r.site == 0 ? "no thread" : threads.getOrDefault(r.site - 1, "thread #" + (r.site - 1));
      if (!visitor.event(new Event(r.global, thread, r.ordinal, r.index, r.kind.name(), value, site, r.preview, about))) {
        stopped = true;
      }
      return !stopped;
    }

    /** A scheduler decision keeps a thread's ordinal + 1 where other events keep a call site. */
    private String decision(Raw r) {
      String to = r.site == 0 ? "no thread" : threads.getOrDefault(r.site - 1, "thread #" + (r.site - 1));
      switch (r.kind) {
        case SCHED_SWITCH:
          return "to " + to + " at tick " + r.value;
        case SCHED_ADMIT:
          return "lets " + to + " in at tick " + r.value;
        default:
          return to + " resumes after idle period " + r.value;
      }
    }
  }

  /** An event as read, before its thread's name and its sites are known for sure. */
  private record Raw(long global, int ordinal, long index, EventKind kind, int site, String value, String preview) {}

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

  private static String value(BlockDecoder e) {
    if (isDecision(e.kind())) {
      return Long.toString(e.longValue());
    }
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

  /** All events of the recording at {@code dir}, in order (small recordings; the console's timeline). */
  public static List<Event> all(Path dir) {
    List<Event> all = new ArrayList<>();
    read(dir, all::add);
    return all;
  }
}
