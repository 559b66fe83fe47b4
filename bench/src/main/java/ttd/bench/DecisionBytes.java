package ttd.bench;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts the schedule decisions in {@code ttd events} output and the bytes they take in their
 * blocks: a kind byte, the thread (ordinal + 1) as a varint and the tick as a zig-zag varint
 * delta from the same thread's previous event of that kind, as {@code BlockEncoder} writes them.
 */
final class DecisionBytes {

  private DecisionBytes() {}

  /** {decisions, bytes}. */
  static long[] of(String events) {
    Map<String, Long> last = new HashMap<>();
    long count = 0;
    long bytes = 0;
    for (String line : events.split("\n")) {
      String[] f = line.split(" ");
      // <thread> #<index> SCHED_<KIND> tick|idle [period] <value> (thread #<n>|no thread)
      if (f.length < 6 || !f[2].startsWith("SCHED_") || f[2].equals("SCHED_WAIT")) {
        continue;
      }
      int v = f[3].equals("idle") ? 5 : 4;
      long value = Long.parseLong(f[v]);
      int target = line.endsWith("no thread") ? 0 : Integer.parseInt(line.substring(line.lastIndexOf('#') + 1)) + 1;
      String key = f[0] + " " + f[2];
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
