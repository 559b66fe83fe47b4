package ttd.log;

/**
 * Constants of the on-disk recording format, shared by the writer and every reader.
 *
 * <p>A recording is a directory holding {@link #METADATA_FILE} and a Chronicle Queue in {@link
 * #QUEUE_DIR}. Each queue document starts with a type byte, a sequence number and a CRC32C, because
 * Chronicle itself returns truncated or damaged documents as if they were valid.
 */
public final class TraceFormat {

  /**
   * Bumped on every incompatible change; a reader refuses any other version. 3: the log starts
   * with {@link #DOC_RECORDING}, the id the header also holds.
   */
  public static final int VERSION = 3;

  public static final String METADATA_FILE = "recording.properties";
  public static final String QUEUE_DIR = "queue";

  /** A call-site name: varint id, then the UTF-8 name. */
  public static final byte DOC_SITE = 1;
  /** A class the program loaded: UTF-8 name, then the CRC32C of its bytes. */
  public static final byte DOC_CLASS = 2;
  /** A block of one thread's events (see {@link BlockEncoder}). */
  public static final byte DOC_BLOCK = 3;
  /** A thread's ordinal and name, written when it first records. */
  public static final byte DOC_THREAD = 4;
  /** The end of the recording: the exit status and how the program ended. */
  public static final byte DOC_END = 5;
  /**
   * The first document: 0, then the recording's id, which its header holds too (key {@link
   * #RECORDING_ID}), so that a log and a header of different runs are never replayed together.
   */
  public static final byte DOC_RECORDING = 6;

  /** The header key of the recording's id. */
  public static final String RECORDING_ID = "recording.id";

  /**
   * The header key of where a signal (SIGINT, SIGTERM, SIGHUP) came that ended the program: each
   * thread's count of logged events then, {@code ordinal:count,...}.
   */
  public static final String SIGNAL_AT = "signal.at";

  /** type + sequence + crc. */
  public static final int DOC_HEADER_BYTES = 1 + 8 + 4;

  private TraceFormat() {}
}
