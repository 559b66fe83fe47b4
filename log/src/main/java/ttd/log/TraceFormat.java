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
   * Bumped on every incompatible change; a reader refuses any version outside {@link
   * #OLDEST_READ}..{@code VERSION}. Version 3 added {@link #DOC_ORDER}; a version-2 recording
   * reads the same without it (its events have no recorded global order). Version 4: the log
   * starts with {@link #DOC_RECORDING}, the id the header also holds (older logs have no id and
   * are not checked for it). Version 5 added the event kinds {@code FILE_WATCH} and {@code
   * CAPTURED_VALUE}. A new event kind bumps the version too: an older ttd then refuses the
   * recording by its header, with a sentence that says which ttd to use, instead of stopping at
   * the first event it does not know.
   */
  public static final int VERSION = 5;

  /** The oldest version this ttd reads. */
  public static final int OLDEST_READ = 2;

  /** The first version whose log and header carry the recording's id. */
  public static final int FIRST_WITH_ID = 4;

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
   * A chunk of one thread's path (recordings made with the {@code path} option only): the thread's
   * ordinal, then the records of {@link PathEncoder}.
   */
  public static final byte DOC_PATH = 7;

  /**
   * Where a thread's events lie in the program's one global order of events (the order the
   * debugger numbers them in): the thread's ordinal, then runs of (index of the thread's event
   * where the run starts, that event's global number, or -1 for events outside the order), each
   * run going on with consecutive numbers up to the next run's start. Written with the thread's
   * block, for the events of that block.
   */
  public static final byte DOC_ORDER = 6;

  /**
   * The first document: 0, then the recording's id, which its header holds too (key {@link
   * #RECORDING_ID}), so that a log and a header of different runs are never replayed together.
   */
  public static final byte DOC_RECORDING = 8;

  /** The header key of the recording's id. */
  public static final String RECORDING_ID = "recording.id";

  /**
   * The header key of where a signal (SIGINT, SIGTERM, SIGHUP) came that ended the program: each
   * thread's count of logged events then, {@code ordinal:count,...}.
   */
  public static final String SIGNAL_AT = "signal.at";

  /** The header key of how many Java agents other processes had the recorded JVM load. */
  public static final String ATTACHED_AGENTS = "agents.attached";

  /**
   * The start of the header keys of the {@code n}th of them ({@code agent.attached.<n>.class},
   * {@code .options}, {@code .at}: each thread's count of logged events once it had loaded, as
   * {@link #SIGNAL_AT}); its jar is {@code <n>.jar} in {@link #ATTACHED_AGENTS_DIR}.
   */
  public static final String ATTACHED_AGENT = "agent.attached.";

  /** The recording's directory of the jars of the agents other processes had the JVM load. */
  public static final String ATTACHED_AGENTS_DIR = "attached-agents";

  /**
   * The option of the extra {@code -javaagent:ttd.jar} a replay of such a recording starts with,
   * one per agent: each is a Java agent of the JVM's own, with a JVMTI environment of its own as
   * the attached agent had, kept for the replay to load that agent through. The same jar as ttd's
   * agent, so the system class path gains no entry the recorded JVM's did not have; its manifest
   * asks for every capability an agent's may ({@code Can-Set-Native-Method-Prefix} too, which Byte
   * Buddy's agent asks for and Mockito's inline mock maker uses).
   */
  public static final String ATTACH_SLOT = "attach-slot";

  /** type + sequence + crc. */
  public static final int DOC_HEADER_BYTES = 1 + 8 + 4;

  private TraceFormat() {}
}
