package ttd.bench.reverse;

/**
 * The program the reverse line-step benchmark records: a loop of the given number of iterations
 * that adds to a sum and writes it to a field each time (no calls, no recorded events inside),
 * then {@link #after} with the sum. From the stop in {@code after}, a reverse-step goes back to
 * the loop's last line, a reverse-next to the caller's line before the call, and a {@code history
 * LoopWorkload.total --last 10} lists the loop's last ten writes of the field.
 */
public final class LoopWorkload {

  static long total;

  private LoopWorkload() {}

  public static void main(String[] args) {
    long n = Long.parseLong(args[0]);
    long sum = System.nanoTime() & 1;
    for (long i = 0; i < n; i++) {
      sum += i;
      total = sum;
    }
    after(sum);
  }

  /** Never called: the benchmark's breakpoint with no hit at all. */
  static void neverCalled() {
    total = -1;
  }

  static void after(long sum) {
    System.out.println("sum " + sum + " at " + (System.nanoTime() & 1));
  }
}
