package ttd.bench;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * The CPU-bound child workload: a fixed amount of single-threaded work (a prime sieve, sorting
 * pseudo-random numbers and chained SHA-256) that never reads the clock or any other captured
 * input in its hot loops, so that recording it measures what instrumentation alone costs.
 *
 * <p>The work is fixed rather than timed, so a plain run and a recorded run do exactly the same
 * thing; it prints a checksum, which replay must reproduce. The one argument scales the work
 * (default 1.0, about 2-3 s on a plain JVM of this machine).
 */
public final class CpuBoundWorkload {

  private CpuBoundWorkload() {}

  public static void main(String[] args) throws NoSuchAlgorithmException {
    double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1.0;
    int rounds = Math.max(1, (int) Math.round(7 * scale));
    long checksum = 17;
    for (int r = 0; r < rounds; r++) {
      checksum = checksum * 31 + sieve(12_000_000);
      checksum = checksum * 31 + sortChecksum(1_500_000, r + 1);
      checksum = checksum * 31 + shaChain(400_000, r);
    }
    System.out.println("checksum " + Long.toHexString(checksum) + " rounds " + rounds);
  }

  /** Counts the primes below {@code limit} with a sieve of Eratosthenes. */
  static long sieve(int limit) {
    boolean[] composite = new boolean[limit];
    long count = 0;
    for (int i = 2; i < limit; i++) {
      if (!composite[i]) {
        count++;
        for (long j = (long) i * i; j < limit; j += i) {
          composite[(int) j] = true;
        }
      }
    }
    return count;
  }

  /** Sorts {@code n} xorshift numbers (no java.util.Random: no captured seed) and folds them. */
  static long sortChecksum(int n, long seed) {
    long[] values = new long[n];
    long x = 0x9E3779B97F4A7C15L ^ seed;
    for (int i = 0; i < n; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
      values[i] = x;
    }
    Arrays.sort(values);
    long h = 0;
    for (int i = 0; i < n; i += 97) {
      h = h * 1_000_003 + values[i];
    }
    return h;
  }

  /** Hashes a 32-byte block {@code times} times, each digest feeding the next. */
  static long shaChain(int times, int round) throws NoSuchAlgorithmException {
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    byte[] block = new byte[32];
    block[0] = (byte) round;
    for (int i = 0; i < times; i++) {
      sha.update(block);
      block = sha.digest();
    }
    return ByteBuffer.wrap(block).getLong();
  }
}
