package ttd.bench;

import java.lang.ref.WeakReference;

/**
 * The weak-reference workload: {@code new WeakReference<>(referent)} and a {@code get()} in a loop
 * (1,000,000 times by default, under the 2^20 referents ttd holds), the cost of the hook in {@code
 * Reference}'s constructor and of holding each referent, which the recorded run pays and a plain
 * run does not. Like {@link ClockLoopWorkload} it times its own loop and prints a checksum.
 */
public final class WeakReferenceWorkload {

  /** The number of references when no argument is given. */
  public static final int DEFAULT_CALLS = 1_000_000;

  private WeakReferenceWorkload() {}

  public static void main(String[] args) {
    int calls = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_CALLS;
    long start = System.nanoTime();
    long sum = 0;
    for (int i = 0; i < calls; i++) {
      WeakReference<int[]> ref = new WeakReference<>(new int[] {i});
      int[] referent = ref.get();
      sum += referent == null ? -1 : referent[0];
    }
    long end = System.nanoTime();
    System.out.println(ClockLoopWorkload.LOOP_KEY + " " + (end - start));
    System.out.println("weak references " + calls + " checksum " + Long.toHexString(sum));
  }
}
