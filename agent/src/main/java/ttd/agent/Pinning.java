package ttd.agent;

import java.time.Instant;
import java.util.Map;
import java.util.SplittableRandom;
import ttd.agent.identity.JvmGlobals;

/**
 * Pins the JVM's static seeds (from a pinned seed) and the {@code Clock} offset (from a pinned
 * clock), so that pinned runs start alike.
 */
final class Pinning {

  /**
   * The program's first thread id when the seed is pinned. The JDK's own count at premain varies
   * between runs (its compiler threads come and go: 12 or 13 on 17, 24 or 25 on 25), and {@code
   * ThreadLocalRandom} adds a thread's id to its seed at every draw, so pinned runs start the
   * program's ids here instead, above every id the JDK gave before premain (the count is kept if it
   * is higher: ids must stay unique).
   */
  static final long PINNED_FIRST_THREAD_ID = 64;

  private Pinning() {}

  static void pinGlobals(Map<String, String> globals, Long seed, Instant clock) {
    SplittableRandom r = seed == null ? null : new SplittableRandom(seed ^ 0x7474645F70696EL);
    for (Map.Entry<String, String> e : globals.entrySet()) {
      String k = e.getKey();
      if (k.equals(JvmGlobals.THREAD_IDS)) {
        if (r != null) { // a count, not a seed: a random value would hand the program random ids
          e.setValue(Long.toString(Math.max(Long.parseLong(e.getValue()), PINNED_FIRST_THREAD_ID)));
        }
      } else if (k.endsWith("Clock.offset")) {
        if (clock != null) {
          e.setValue(Long.toString(clock.getEpochSecond() - 1024));
        }
      } else if (r == null) {
        continue;
      } else if (k.endsWith(".SALT32L")) {
        e.setValue(Long.toString(r.nextLong() & 0xFFFF_FFFFL)); // the JDK's salt is 32 bits
      } else if (k.endsWith(".REVERSE")) {
        e.setValue(Boolean.toString(r.nextBoolean()));
      } else if (k.endsWith(".probeGenerator")) {
        e.setValue(Integer.toString(r.nextInt() | 1));
      } else {
        e.setValue(Long.toString(r.nextLong()));
      }
    }
  }
}
