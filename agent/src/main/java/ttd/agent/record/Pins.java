package ttd.agent.record;

import java.time.Instant;
import java.util.SplittableRandom;
import ttd.agent.instrument.CallSites;

/**
 * Pinned inputs (the method's step 5): a virtual clock and fixed seeds, applied while recording.
 *
 * <p>A pinned clock starts at the given instant and advances one microsecond per reading and by
 * the full duration of each sleep, without really sleeping, so a recording made after a fix sees
 * exactly the same times. A pinned seed replaces the clock readings that seed default random
 * generators, and {@code SecureRandom} output, with a stream derived from the seed.
 */
final class Pins {

  private static final long STEP_NANOS = 1_000;

  private final Instant clock;
  private final Long seed;
  private final SplittableRandom seeds;
  private final long startEpochNanos;
  private final long startNanoTime = 1_000_000_000L;
  private long elapsed;

  Pins(Instant clock, Long seed) {
    this.clock = clock;
    this.seed = seed;
    this.seeds = seed == null ? null : new SplittableRandom(seed);
    this.startEpochNanos =
        clock == null ? 0 : clock.getEpochSecond() * 1_000_000_000L + clock.getNano();
  }

  boolean clockPinned() {
    return clock != null;
  }

  boolean seedPinned() {
    return seeds != null;
  }

  /**
   * The seed of chaos scheduling's random choices: the pinned seed itself (not a draw from the
   * stream of derived seeds, which the program's own seeds follow), so that {@code chaos,seed=N}
   * draws the same schedule decisions again; unpinned, the clock.
   */
  long chaosSeed() {
    return seed != null ? seed : System.nanoTime();
  }

  private synchronized long tick(long nanos) {
    elapsed += nanos;
    return elapsed;
  }

  synchronized long nextSeed() {
    return seeds.nextLong();
  }

  long millis(long original, int site) {
    if (seeds != null && CallSites.seedsRandomness(site)) {
      return nextSeed();
    }
    return clock == null ? original : (startEpochNanos + tick(STEP_NANOS)) / 1_000_000L;
  }

  long nanos(long original, int site) {
    if (seeds != null && CallSites.seedsRandomness(site)) {
      return nextSeed();
    }
    return clock == null ? original : startNanoTime + tick(STEP_NANOS);
  }

  /**
   * {@code VM.getNanoTimeAdjustment(offset)} returns now minus {@code offset} whole seconds; the
   * offset is recovered from the real answer (it is a whole second, the real clock is known to a
   * millisecond) and applied to the virtual now.
   */
  long adjustment(long original) {
    if (clock == null || original == -1) {
      return original;
    }
    long realNow = System.currentTimeMillis() * 1_000_000L;
    long offsetSeconds = Math.round((realNow - original) / 1e9);
    long pinned = startEpochNanos + tick(STEP_NANOS) - offsetSeconds * 1_000_000_000L;
    // The JVM answers -1 when now is more than 2^32 seconds away from the offset; so does this.
    return Math.abs(pinned / 1_000_000_000L) > 0xFFFFFFFFL ? -1 : pinned;
  }

  /** Advances the virtual clock by a sleep instead of sleeping; false if the clock is real. */
  boolean sleep(long millis, int nanos) {
    if (clock == null) {
      return false;
    }
    tick(millis * 1_000_000L + nanos);
    return true;
  }

  void fill(byte[] bytes) {
    for (int i = 0; i < bytes.length; i += 8) {
      long v = nextSeed();
      for (int j = 0; j < 8 && i + j < bytes.length; j++) {
        bytes[i + j] = (byte) (v >>> (8 * j));
      }
    }
  }
}
