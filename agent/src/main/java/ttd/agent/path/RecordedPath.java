package ttd.agent.path;

import java.nio.file.Path;
import ttd.log.PathDecoder;
import ttd.log.TraceDocument;
import ttd.log.TraceFormat;
import ttd.log.TraceReader;

/**
 * One replaying thread's recorded path: its chunks, read from the queue in order by a reader of
 * its own, which skips the other documents without copying them.
 */
public final class RecordedPath implements PathChecker.Chunks {

  private final Path queueDir;
  private final long usableDocuments;
  private final int ordinal;
  private TraceReader reader;
  private boolean ended;

  public RecordedPath(Path queueDir, long usableDocuments, int ordinal) {
    this.queueDir = queueDir;
    this.usableDocuments = usableDocuments;
    this.ordinal = ordinal;
  }

  @Override
  public PathDecoder next() {
    if (ended) {
      return null;
    }
    if (reader == null) {
      reader = new TraceReader(queueDir, usableDocuments);
    }
    TraceDocument d = reader.next((type, thread) -> type != TraceFormat.DOC_PATH || thread != ordinal);
    if (d != null) {
      return d.pathRecords();
    }
    ended = true;
    reader.close();
    return null;
  }
}
