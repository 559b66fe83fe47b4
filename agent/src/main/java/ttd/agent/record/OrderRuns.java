package ttd.agent.record;

import java.util.Arrays;

/**
 * Where one recorded thread's events lie in the program's one global order, since its block was
 * last written: runs of (index of the thread's event that starts the run, its global number or -1
 * for an event outside the order). A run goes on while the thread's next event is the next event
 * of the whole program too; a hand-over of the baton to another thread, or an event outside the
 * order, starts a new one. Written beside the block ({@code TraceFormat.DOC_ORDER}).
 */
final class OrderRuns {

  private long[] runs = new long[8];
  private int count;
  /** The global number that would continue the last run (-1: the last run is outside the order). */
  private long continues = Long.MIN_VALUE;

  /** The thread's event {@code index} has global number {@code global} (-1: outside the order). */
  public void event(long index, long global) {
    boolean goesOn = global < 0 ? continues == -1 : global == continues;
    if (!goesOn || count == 0) {
      if (2 * count + 2 > runs.length) {
        runs = Arrays.copyOf(runs, runs.length * 2);
      }
      runs[2 * count] = index;
      runs[2 * count + 1] = global;
      count++;
    }
    continues = global < 0 ? -1 : global + 1;
  }

  /** The runs noted since the last {@link #written}, as pairs. */
  public long[] runs() {
    return runs;
  }

  public int count() {
    return count;
  }

  /** The runs went to the log with the thread's block; the next event starts a new run. */
  public void written() {
    count = 0;
    continues = Long.MIN_VALUE;
  }
}
