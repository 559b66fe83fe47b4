package ttd.bench;

import java.util.UUID;

/**
 * The randomness workload: {@code UUID.randomUUID()} called in a loop (100,000 times by default),
 * each one a call of the JDK's {@code SecureRandom} engine, which ttd captures at the engine's
 * boundary (one event of 16 bytes per UUID; the engine's own clock reads and buffer refreshes are
 * not logged).
 *
 * <p>Like {@link ClockLoopWorkload} it times its own loop ({@code loop-ns}) and prints a checksum
 * of what it made, so that the loop cannot be optimised away and a replay has output to match.
 */
public final class UuidWorkload {

  /** The number of UUIDs when no argument is given. */
  public static final int DEFAULT_CALLS = 100_000;

  private UuidWorkload() {}

  public static void main(String[] args) {
    int calls = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_CALLS;
    long start = System.nanoTime();
    long sum = 0;
    for (int i = 0; i < calls; i++) {
      sum = sum * 31 + UUID.randomUUID().getLeastSignificantBits();
    }
    long end = System.nanoTime();
    System.out.println(ClockLoopWorkload.LOOP_KEY + " " + (end - start));
    System.out.println("uuids " + calls + " checksum " + Long.toHexString(sum));
  }
}
