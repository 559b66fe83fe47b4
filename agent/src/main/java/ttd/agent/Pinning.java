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

  private Pinning() {}

  static void pinGlobals(Map<String, String> globals, Long seed, Instant clock) {
    SplittableRandom r = seed == null ? null : new SplittableRandom(seed ^ 0x7474645F70696EL);
    for (Map.Entry<String, String> e : globals.entrySet()) {
      String k = e.getKey();
      if (k.equals(JvmGlobals.THREAD_IDS)) {
        continue; // a count, not a seed: pinning it would hand the program random thread ids
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
