package ttd.agent.replay;

import java.nio.file.Path;
import ttd.log.BlockDecoder;
import ttd.log.TraceDocument;
import ttd.log.TraceFormat;
import ttd.log.TraceReader;

/**
 * One replaying thread's position in the log: the next recorded event of that thread.
 *
 * <p>It reads the queue in order, keeps the blocks of its own thread and hands every table
 * document to {@link RecordedTables}. Threads thus replay their own sequences independently.
 */
public final class ThreadCursor implements AutoCloseable {

  private final int ordinal;
  private final TraceReader reader;
  private final RecordedTables tables;
  /** Skips the threads' paths (recordings made with the path option) without copying them. */
  private final TraceReader.Skip skip;
  private BlockDecoder block;
  /** Where this thread's events lie in the global order, when a check asks ({@link #keepOrder}). */
  private java.util.List<long[]> orderRuns;
  private boolean pending;
  private boolean endOfLog;

  /** @param paths whether the recording holds the threads' paths, which this cursor skips */
  public ThreadCursor(Path queueDir, long usableDocuments, int ordinal, RecordedTables tables, boolean paths) {
    this.ordinal = ordinal;
    this.reader = new TraceReader(queueDir, usableDocuments);
    this.tables = tables;
    this.skip = paths ? (type, first) -> type == TraceFormat.DOC_PATH : null;
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
    return tables.endStatus != null;
  }

  private boolean nextBlock() {
    TraceDocument d;
    while ((d = reader.next(skip)) != null) {
      switch (d.type()) {
        case TraceFormat.DOC_SITE:
          tables.sites.putIfAbsent(d.intValue(), d.name());
          break;
        case TraceFormat.DOC_CLASS:
        case TraceFormat.DOC_THREAD:
        case TraceFormat.DOC_RECORDING:
        case TraceFormat.DOC_PATH:
          break; // classes matter only to a divergence report, paths to the path checker
        case TraceFormat.DOC_END:
          tables.endStatus = d.intValue();
          break;
        case TraceFormat.DOC_ORDER:
          if (d.orderThread() == ordinal && orderRuns != null) {
            orderRuns.add(d.orderRuns());
          }
          break;
        case TraceFormat.DOC_BLOCK:
          if (d.blockThread() == ordinal) {
            block = d.blockEvents();
            return true;
          }
          break;
        default:
          throw new ttd.log.BadRecordingException(
              "the recording holds an unknown document type " + d.type());
      }
    }
    return false;
  }

  @Override
  public void close() {
    reader.close();
  }
}
