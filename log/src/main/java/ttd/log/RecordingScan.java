package ttd.log;

import java.nio.file.Path;

/**
 * Reads a whole recording before anything runs against it: its header, then every document's
 * sequence number and checksum, with counts for {@code ttd info}. A replay only starts on a
 * recording that reads back whole (reading is fast: tens of millions of documents a second).
 */
public final class RecordingScan {

  /** Chronicle's length word in front of each document. */
  private static final int CHRONICLE_HEADER_BYTES = 4;

  private final RecordingMetadata metadata;
  private final long documents;
  private final long blocks;
  private final long events;
  private final int threads;
  private final boolean ended;
  private final long bytes;

  private RecordingScan(
      RecordingMetadata metadata, long documents, long blocks, long events, int threads, boolean ended,
      long bytes) {
    this.metadata = metadata;
    this.documents = documents;
    this.blocks = blocks;
    this.events = events;
    this.threads = threads;
    this.ended = ended;
    this.bytes = bytes;
  }

  /** Reads the whole recording; throws {@link BadRecordingException} if it is unusable. */
  public static RecordingScan of(Path dir) {
    RecordingMetadata meta = RecordingMetadata.load(dir);
    long docs = 0;
    long blocks = 0;
    long events = 0;
    int threads = 0;
    boolean ended = false;
    long bytes = 0;
    try (TraceReader reader = new TraceReader(dir.resolve(TraceFormat.QUEUE_DIR))) {
      TraceDocument d;
      while ((d = reader.next()) != null) {
        docs++;
        bytes += d.size() + CHRONICLE_HEADER_BYTES;
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
      throw new BadRecordingException(
          "the recording at " + dir + " holds no events (its event log is empty or unreadable)");
    }
    if (RecordingMetadata.STATUS_COMPLETE.equals(meta.get("status")) && !ended) {
      throw new BadRecordingException(
          "the recording at " + dir + " is damaged: its header says complete but its event log"
              + " ends early (it was truncated)");
    }
    return new RecordingScan(meta, docs, blocks, events, threads, ended, bytes);
  }

  public RecordingMetadata metadata() {
    return metadata;
  }

  /** Whether the recorded program ran to its end (not killed, recording not failed). */
  public boolean complete() {
    return ended;
  }

  /** Bytes of log written: every document with ttd's and Chronicle's headers (sparse files aside). */
  public long bytes() {
    return bytes;
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
