package ttd.log;

import java.nio.file.Path;

/**
 * Reads a whole recording before anything runs against it: its header, then every document's
 * sequence number and checksum, with counts for {@code ttd info}. A replay only starts on a
 * recording that reads back (reading is fast: tens of millions of documents a second).
 *
 * <p>Damage is an error in a complete recording. In an incomplete one (the recorded process was
 * killed, or its disk filled up) the damaged tail is where the recording ends: {@link #usable()}
 * documents replay, and replay reports the end there.
 */
public final class RecordingScan {

  /** Chronicle's length word in front of each document. */
  private static final int CHRONICLE_HEADER_BYTES = 4;

  private final RecordingMetadata metadata;
  private long usable;
  private long blocks;
  private long events;
  private int threads;
  private boolean ended;
  private int endStatus;
  private String endCause;
  private long bytes;
  private long pathBytes;
  private String damage;
  /** By thread ordinal: how many events its log holds. */
  private long[] threadEvents = new long[8];
  /** Where each thread's documents lie, for a replay ({@link #indexed}); null otherwise. */
  private ThreadDocuments documents;

  private RecordingScan(RecordingMetadata metadata) {
    this.metadata = metadata;
  }

  /** Reads the whole recording; throws {@link BadRecordingException} if it is unusable. */
  public static RecordingScan of(Path dir) {
    return scan(dir, false);
  }

  /** As {@link #of}, noting where each thread's documents lie for a replay ({@link #documents}). */
  public static RecordingScan indexed(Path dir) {
    return scan(dir, true);
  }

  private static RecordingScan scan(Path dir, boolean index) {
    RecordingScan scan = new RecordingScan(RecordingMetadata.load(dir));
    if (index) {
      scan.documents = new ThreadDocuments(dir.resolve(TraceFormat.QUEUE_DIR));
    }
    boolean complete = RecordingMetadata.STATUS_COMPLETE.equals(scan.metadata.get("status"));
    try (TraceReader reader = new TraceReader(dir.resolve(TraceFormat.QUEUE_DIR))) {
      TraceDocument d;
      while ((d = reader.next()) != null) {
        if (scan.usable == 0) {
          scan.checkBound(d, dir);
        }
        scan.count(d);
        if (scan.documents != null) {
          scan.documents.add(d, reader.lastIndex());
        }
      }
    } catch (BadRecordingException | InternalError e) {
      // InternalError: a fault reading the memory-mapped file (SIGBUS on a file cut short, or on
      // pages a full disk never got), which the JVM may raise a little after the read itself.
      BadRecordingException damage =
          e instanceof BadRecordingException
              ? (BadRecordingException) e
              : new BadRecordingException(
                  "the recording is damaged after document " + scan.usable
                      + " (its file is truncated or overwritten)");
      if (complete || scan.usable == 0) {
        throw damage;
      }
      scan.damage = damage.getMessage();
    }
    if (scan.usable == 0) {
      throw new BadRecordingException(
          "the recording at " + dir + " holds no events (its event log is empty or unreadable)");
    }
    if (complete && !scan.ended) {
      throw new BadRecordingException(
          "the recording at " + dir + " is damaged: its header says complete but its event log"
              + " ends early (it was truncated)");
    }
    return scan;
  }

  /**
   * The log's first document names the recording it belongs to, as the header does: a queue copied
   * in from another run of the program (or a header from another run) would replay that run's
   * events and exit status under this one's name.
   */
  private void checkBound(TraceDocument d, Path dir) {
    String header = metadata.get(TraceFormat.RECORDING_ID);
    String log = d.type() == TraceFormat.DOC_RECORDING ? d.name() : null;
    String version = metadata.get("format.version");
    if (log == null && version != null && version.matches("[0-9]+")
        && Integer.parseInt(version) < TraceFormat.FIRST_WITH_ID) {
      return; // made before logs named their recording (a log that names one is checked whatever the header says)
    }
    if (log == null) {
      throw new BadRecordingException(
          "the event log of the recording at " + dir + " does not start with the recording's id;"
              + " it is damaged or not this recording's, so ttd will not replay it");
    }
    if (!log.equals(header)) {
      throw new BadRecordingException(
          "the event log in " + dir.resolve(TraceFormat.QUEUE_DIR) + " belongs to another recording (id "
              + log + ", the header's is " + header + "): files of different runs were mixed, so ttd"
              + " will not replay them");
    }
  }

  private void count(TraceDocument d) {
    usable++;
    bytes += d.size() + CHRONICLE_HEADER_BYTES;
    if (d.type() == TraceFormat.DOC_BLOCK) {
      blocks++;
      events += d.blockCount();
      int ordinal = d.blockThread();
      if (ordinal >= 0) {
        if (ordinal >= threadEvents.length) {
          threadEvents = java.util.Arrays.copyOf(threadEvents, Math.max(ordinal + 1, threadEvents.length * 2));
        }
        threadEvents[ordinal] = Math.max(threadEvents[ordinal], d.blockFirstIndex() + d.blockCount());
      }
    } else if (d.type() == TraceFormat.DOC_THREAD) {
      threads++;
    } else if (d.type() == TraceFormat.DOC_PATH) {
      pathBytes += d.size() + CHRONICLE_HEADER_BYTES;
    } else if (d.type() == TraceFormat.DOC_END) {
      ended = true;
      endStatus = d.intValue();
      endCause = d.name();
    }
  }

  /** Where each thread's usable documents lie (a scan made by {@link #indexed} only). */
  public ThreadDocuments documents() {
    return documents;
  }

  public RecordingMetadata metadata() {
    return metadata;
  }

  /** Whether the recorded program ran to its end (not killed, recording not failed). */
  public boolean complete() {
    return ended;
  }

  /** The exit status the end document holds (complete recordings only). */
  public int endStatus() {
    return endStatus;
  }

  /**
   * How the recorded program ended, as its end document says ({@code exit}, {@code halt}, {@code
   * deadlock}, {@code signal SIGTERM}, ...), or null if the log has no end.
   */
  public String endCause() {
    return endCause;
  }

  /** How many documents read back whole; replay reads no further. */
  public long usable() {
    return usable;
  }

  /** What was wrong with the document after the usable ones, or null if none was damaged. */
  public String damage() {
    return damage;
  }

  /** Bytes of log written: every document with ttd's and Chronicle's headers. */
  public long bytes() {
    return bytes;
  }

  /** Of {@link #bytes()}, those of the threads' paths (recordings made with the path option). */
  public long pathBytes() {
    return pathBytes;
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

  /** How many events the log of each thread holds, by ordinal (0 past the last thread). */
  public long[] eventsByThread() {
    return threadEvents.clone();
  }
}
