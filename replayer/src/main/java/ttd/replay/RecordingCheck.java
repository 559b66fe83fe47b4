package ttd.replay;

import java.nio.file.Path;
import ttd.log.BadRecordingException;
import ttd.log.RecordingMetadata;
import ttd.log.TraceDocument;
import ttd.log.TraceFormat;
import ttd.log.TraceReader;

/**
 * Checks a recording before anything runs against it: its header, then every document's sequence
 * number and checksum. A replay JVM is only started for a recording that reads back whole.
 */
public final class RecordingCheck {

  private final RecordingMetadata metadata;
  private final long documents;
  private final long blocks;
  private final long events;
  private final int threads;
  private final boolean ended;

  private RecordingCheck(
      RecordingMetadata metadata, long documents, long blocks, long events, int threads, boolean ended) {
    this.metadata = metadata;
    this.documents = documents;
    this.blocks = blocks;
    this.events = events;
    this.threads = threads;
    this.ended = ended;
  }

  /** Reads the whole recording; throws {@link ToolException} with one sentence if it is unusable. */
  public static RecordingCheck of(Path dir) {
    try {
      RecordingMetadata meta = RecordingMetadata.load(dir);
      long docs = 0;
      long blocks = 0;
      long events = 0;
      int threads = 0;
      boolean ended = false;
      try (TraceReader reader = new TraceReader(dir.resolve(TraceFormat.QUEUE_DIR))) {
        TraceDocument d;
        while ((d = reader.next()) != null) {
          docs++;
          if (d.type() == TraceFormat.DOC_BLOCK) {
            blocks++;
            events += d.blockCount();
          } else if (d.type() == TraceFormat.DOC_THREAD) {
            threads++;
          } else if (d.type() == TraceFormat.DOC_END) {
            ended = true;
          }
        }
      }
      if (docs == 0) {
        throw new ToolException(
            "the recording at " + dir + " holds no events (its event log is empty or unreadable)");
      }
      if (RecordingMetadata.STATUS_COMPLETE.equals(meta.get("status")) && !ended) {
        throw new ToolException(
            "the recording at " + dir + " is damaged: its header says complete but its event log"
                + " ends early (it was truncated)");
      }
      return new RecordingCheck(meta, docs, blocks, events, threads, ended);
    } catch (BadRecordingException e) {
      throw new ToolException(e.getMessage());
    }
  }

  public RecordingMetadata metadata() {
    return metadata;
  }

  /** Whether the recorded program ran to its end (not killed, recording not failed). */
  public boolean complete() {
    return ended;
  }

  public long documents() {
    return documents;
  }

  public long blocks() {
    return blocks;
  }

  public long events() {
    return events;
  }

  public int threads() {
    return threads;
  }
}
