package ttd.agent.path;

import ttd.log.PathDecoder;
import ttd.log.ThreadDocuments;
import ttd.log.TraceDocument;

/**
 * One replaying thread's recorded path: its chunks, in order, read where the recording's scan
 * found them ({@link ThreadDocuments}).
 */
public final class RecordedPath implements PathChecker.Chunks {

  private final ThreadDocuments documents;
  private final int ordinal;
  /** How many of the thread's chunks have been read. */
  private int read;

  public RecordedPath(ThreadDocuments documents, int ordinal) {
    this.documents = documents;
    this.ordinal = ordinal;
  }

  @Override
  public PathDecoder next() {
    TraceDocument d = documents.path(ordinal, read);
    if (d == null) {
      return null;
    }
    read++;
    return d.pathRecords();
  }
}
