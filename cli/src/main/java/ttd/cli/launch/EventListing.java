package ttd.cli.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Recorded events as {@code ttd events} and the debugger's {@code timeline} list them: one line
 * each, its number in the global order (the position {@code goto} takes), thread name, kind,
 * value and call site; kept to a thread, a kind or a word; each stretch of consecutive scheduler
 * decisions folded into one line (the thread switches it made) unless they are asked for.
 */
public final class EventListing {

  /** What to keep: parts of a thread name, of a kind, of the line; whether to unfold decisions. */
  public record Filter(String thread, String kind, String word, boolean schedule) {

    public static final Filter ALL = new Filter("", "", "", false);

    /**
     * The filter {@code args} name: {@code --thread NAME}, {@code --kind WORD}, {@code
     * --schedule}, and (where {@code words} is allowed) words the line must contain; null if an
     * argument is not one of these, or lacks its value.
     */
    public static Filter parse(List<String> args, boolean words) {
      String thread = "";
      String kind = "";
      String word = "";
      boolean schedule = false;
      for (int i = 0; i < args.size(); i++) {
        String a = args.get(i);
        if ((a.equals("--thread") || a.equals("--kind")) && i + 1 < args.size()) {
          if (a.equals("--thread")) {
            thread = args.get(++i);
          } else {
            kind = args.get(++i);
          }
        } else if (a.equals("--schedule")) {
          schedule = true;
        } else if (words && !a.startsWith("--")) {
          word = word.isEmpty() ? a : word + " " + a;
        } else {
          return null;
        }
      }
      return new Filter(thread, kind, word, schedule);
    }

    boolean keeps(RecordedEvents.Event e, String line) {
      return contains(e.thread(), thread) && contains(e.kind(), kind) && contains(line, word);
    }

    private static boolean contains(String text, String part) {
      return part.isEmpty() || text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
    }
  }

  private final Filter filter;
  private final long current;
  private final java.util.function.Consumer<String> out;
  private final List<RecordedEvents.Event> folded = new ArrayList<>();
  private long lines;

  /**
   * Lines go to {@code out} as they are complete; {@code current}: the number of the event the
   * debugger is after, marked {@code =>} (-2: none).
   */
  public EventListing(Filter filter, long current, java.util.function.Consumer<String> out) {
    this.filter = filter;
    this.current = current;
    this.out = out;
  }

  /** Takes the next event in order. */
  public void add(RecordedEvents.Event e) {
    String line = text(e);
    if (!filter.keeps(e, line)) {
      return;
    }
    if (e.decision() && !filter.schedule()) {
      folded.add(e);
      return;
    }
    fold();
    emit(number(e, e.global() == current) + line);
  }

  /** The events are over: a last fold of decisions goes out. */
  public void finish() {
    fold();
  }

  /** How many lines went out. */
  public long lines() {
    return lines;
  }

  private void emit(String line) {
    lines++;
    out.accept(line);
  }

  private void fold() {
    if (folded.isEmpty()) {
      return;
    }
    int n = folded.size();
    RecordedEvents.Event first = folded.get(0);
    RecordedEvents.Event last = folded.get(folded.size() - 1);
    boolean here = false;
    List<String> chain = new ArrayList<>(List.of(first.thread()));
    java.util.Set<String> among = new java.util.TreeSet<>(chain);
    for (RecordedEvents.Event e : folded) {
      here |= e.global() == current;
      if (!e.kind().equals("SCHED_ADMIT") && !e.about().equals(chain.get(chain.size() - 1))) {
        chain.add(e.about());
        among.add(e.about());
      }
    }
    int switches = chain.size() - 1;
    String path = chain.size() <= 6 ? String.join(" -> ", chain)
        : String.join(" -> ", chain.subList(0, 3)) + " -> ... -> " + String.join(" -> ", chain.subList(chain.size() - 2, chain.size()))
            + " (among " + String.join(", ", among) + ")";
    String range = first.global() < 0 || first == last ? number(first) : first.global() + ".." + last.global();
    folded.clear();
    emit(String.format("%s%9s  schedule: %s (%d decision%s, %d switch%s; --schedule lists them)",
        here ? "=>" : "  ", range, path, n, n == 1 ? "" : "s", switches, switches == 1 ? "" : "es"));
  }

  private static String number(RecordedEvents.Event e, boolean here) {
    return String.format("%s%9s  ", here ? "=>" : "  ", number(e));
  }

  private static String number(RecordedEvents.Event e) {
    return e.global() >= 0 ? Long.toString(e.global()) : e.global() == -1 ? "-" : "";
  }

  /** The line of {@code e} without its number: thread, kind, value, call site. */
  public static String text(RecordedEvents.Event e) {
    String thread = e.global() == -2 ? e.thread() + " #" + e.index() : e.thread();
    return thread + "  " + e.kind() + " " + (e.preview() != null ? e.preview() : e.value()) + (e.site().isEmpty() ? "" : " at " + e.site());
  }
}
