package ttd.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counts the schedule decisions in {@code ttd events --schedule} output and the bytes they take in their
 * blocks: a kind byte, the thread (ordinal + 1) as a varint and the tick as a zig-zag varint
 * delta from the same thread's previous event of that kind, as {@code BlockEncoder} writes them.
 */
final class DecisionBytes {

  private static final Pattern LINE = Pattern.compile("\\s*\\d+  (.*?)  (SCHED_[A-Z_]+)(.*) (-?\\d+)");

  private DecisionBytes() {}

  /** {decisions, bytes}. */
  static long[] of(String events) {
    Map<String, Long> last = new HashMap<>();
    long count = 0;
    long bytes = 0;
    for (String line : events.split("\n")) {
      // <number>  <thread>  SCHED_<KIND> (to <thread> at tick <t> | lets <thread> in at tick <t> | <thread> resumes after idle period <p>)
      // (a thread's name may be empty: virtual threads have none unless the program names them)
      Matcher m = LINE.matcher(line);
      if (!m.matches() || m.group(2).startsWith("SCHED_WAIT")) {
        continue;
      }
      String kind = m.group(2);
      long value = Long.parseLong(m.group(4));
      int target = m.group(3).contains(" no thread ") || m.group(3).startsWith(" to no thread") ? 0 : 1; // ordinal + 1: one byte for the bench's few threads
      String key = m.group(1) + " " + kind;
      long delta = value - last.getOrDefault(key, 0L);
      last.put(key, value);
      bytes += 1 + varLength(target) + varLength((delta << 1) ^ (delta >> 63));
      count++;
    }
    return new long[] {count, bytes};
  }

  private static int varLength(long v) {
    int n = 1;
    while ((v & ~0x7FL) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }
}
