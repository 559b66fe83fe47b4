package ttd.agent.path;

import java.nio.file.Path;
import ttd.log.PathDecoder;
import ttd.log.TraceDocument;
import ttd.log.TraceFormat;
import ttd.log.TraceReader;

/** One replaying thread's recorded path: its chunks, read from the queue in order. */
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
    TraceDocument d;
    while ((d = reader.next()) != null) {
      if (d.type() == TraceFormat.DOC_PATH && d.pathThread() == ordinal) {
        return d.pathRecords();
      }
    }
    ended = true;
    reader.close();
    return null;
  }
}
