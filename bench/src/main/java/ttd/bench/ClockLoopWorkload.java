package ttd.bench;

/**
 * The clock-heavy child workload: {@code System.nanoTime()} called in a tight loop (10,000,000
 * times by default), the worst case for a recorder that captures every clock read as an event.
 *
 * <p>It times its own loop and prints {@code loop-ns <ns>}, so that the harness can compute the
 * cost of one captured event without JVM start-up or ttd's set-up in the figure. Under record the
 * two timing reads are recorded too (two events out of millions); under replay they return the
 * recorded values, so the printed loop time is the recording's, not the replay's. The sum of the
 * readings is printed so that the loop cannot be optimised away and replay has output to match.
 */
public final class ClockLoopWorkload {

  /** The number of {@code System.nanoTime()} calls in the loop when no argument is given. */
  public static final int DEFAULT_CALLS = 10_000_000;

  /** The line prefix of the loop time in this workload's output. */
  public static final String LOOP_KEY = "loop-ns";

  private ClockLoopWorkload() {}

  public static void main(String[] args) {
    int calls = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_CALLS;
    long start = System.nanoTime();
    long sum = loop(calls);
    long end = System.nanoTime();
    System.out.println(LOOP_KEY + " " + (end - start));
    System.out.println("calls " + calls + " checksum " + Long.toHexString(sum));
  }

  /** The measured loop: nothing but the clock read and an addition that keeps it alive. */
  static long loop(int calls) {
    long sum = 0;
    for (int i = 0; i < calls; i++) {
      sum += System.nanoTime();
    }
    return sum;
  }
}
