package ttd.agent.replay;

import ttd.agent.session.ThreadState;
import ttd.log.BlockDecoder;
import ttd.log.ThreadDocuments;
import ttd.log.TraceDocument;
import ttd.log.TraceFormat;

/**
 * One replaying thread's position in the log: the next recorded event of that thread.
 *
 * <p>It reads its own thread's blocks (and order documents), in log order, where the recording's
 * scan found them ({@link ThreadDocuments}); threads thus replay their own sequences
 * independently, and none reads another's.
 */
public final class ThreadCursor {

  private final int ordinal;
  private final ThreadDocuments documents;
  private final RecordedTables tables;
  /** How many of the thread's documents it has read. */
  private int read;
  private BlockDecoder block;
  /** Where this thread's events lie in the global order, when a check asks ({@link #keepOrder}). */
  private java.util.List<long[]> orderRuns;
  private boolean pending;
  private boolean endOfLog;

  /** The cursor a replay attached to {@code t} as it began. */
  public static ThreadCursor of(ThreadState t) {
    return (ThreadCursor) t.modeState();
  }

  public ThreadCursor(ThreadDocuments documents, int ordinal, RecordedTables tables) {
    this.ordinal = ordinal;
    this.documents = documents;
    this.tables = tables;
  }

  /** Keeps the recorded global order of this thread's events from now on ({@link #globalOf}). */
  public void keepOrder() {
    orderRuns = new java.util.ArrayList<>();
  }

  /**
   * The recorded global number of this thread's event {@code index}: -1 outside the order, -2 if
   * the recording does not say (recorded before ttd kept the order, or not kept).
   */
  public long globalOf(long index) {
    if (orderRuns == null) {
      return -2;
    }
    for (int d = orderRuns.size() - 1; d >= 0; d--) {
      long[] runs = orderRuns.get(d);
      for (int i = runs.length - 2; i >= 0; i -= 2) {
        if (runs[i] <= index) {
          return runs[i + 1] < 0 ? -1 : runs[i + 1] + index - runs[i];
        }
      }
    }
    return -2;
  }

  /** Moves to the next event of this thread; false if the log has none. */
  public boolean advance() {
    if (pending) {
      pending = false;
      return true;
    }
    while (true) {
      if (block != null && block.next()) {
        return true;
      }
      block = null;
      if (endOfLog || !nextBlock()) {
        endOfLog = true;
        return false;
      }
    }
  }

  /** Whether the next {@link #advance()} must read the queue (and so may run Chronicle code). */
  public boolean needsRead() {
    return !pending && (block == null || !block.hasNext());
  }

  /** Whether another event of this thread follows, without consuming it. */
  public boolean hasMore() {
    if (!pending) {
      pending = advance();
    }
    return pending;
  }

  /** The current event (valid after {@link #advance()} returned true). */
  public BlockDecoder event() {
    return block;
  }

  /** Whether the log ended with the recording's end document (the program finished recording). */
  public boolean recordingComplete() {
    return tables.endStatus() != null;
  }

  private boolean nextBlock() {
    TraceDocument d;
    while ((d = documents.event(ordinal, read)) != null) {
      read++;
      if (d.type() == TraceFormat.DOC_BLOCK) {
        block = d.blockEvents();
        return true;
      }
      if (orderRuns != null) {
        orderRuns.add(d.orderRuns());
      }
    }
    return false;
  }
}
