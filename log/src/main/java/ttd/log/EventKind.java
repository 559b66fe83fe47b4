package ttd.log;

/**
 * The kinds of nondeterministic events a recording holds, with how each one's value is encoded.
 *
 * <p>The code is the on-disk byte; never reuse one for a different meaning.
 */
public enum EventKind {
  CLOCK_MILLIS(1, Payload.LONG, "System.currentTimeMillis"),
  CLOCK_NANOS(2, Payload.LONG, "System.nanoTime"),
  CLOCK_ADJUSTMENT(3, Payload.LONG, "the clock behind Instant.now"),
  PROCESSORS(4, Payload.LONG, "Runtime.availableProcessors"),
  MEMORY(5, Payload.LONG, "a Runtime memory figure"),
  HOST_NAME(6, Payload.STRING, "the host name"),
  SLEEP(7, Payload.LONG, "Thread.sleep"),
  TIMED_WAIT(8, Payload.LONG, "Object.wait with a timeout"),
  ENV_VAR(10, Payload.STRING_PAIR, "System.getenv(name)"),
  ENV_ALL(11, Payload.STRING_MAP, "System.getenv()"),
  STDOUT(12, Payload.OUTPUT, "a write to stdout"),
  STDERR(13, Payload.OUTPUT, "a write to stderr"),
  THREAD_START(14, Payload.LONG, "Thread.start"),
  THREAD_BEGIN(15, Payload.BYTES, "a thread's first instruction"),
  UNCAUGHT_EXCEPTION(16, Payload.STRING, "an uncaught exception"),
  EXIT(17, Payload.LONG, "Runtime.exit"),
  UNCAPTURED_INPUT(18, Payload.STRING, "an input ttd does not capture yet"),
  FILE_OPEN(19, Payload.STRING_PAIR, "opening a file for reading"),
  FILE_READ(20, Payload.OUTPUT, "a read from a file or stdin"),
  FILE_READ_BYTE(21, Payload.LONG, "a one-byte read from a file or stdin"),
  FILE_LENGTH(22, Payload.LONG, "the length of a file being read"),
  FILE_POSITION(23, Payload.LONG, "the position in a file being read"),
  FILE_SKIP(24, Payload.LONG, "a skip in a file or stdin"),
  FILE_AVAILABLE(25, Payload.LONG, "FileInputStream.available"),
  FILE_IS_REGULAR(26, Payload.LONG, "whether a stream reads a regular file"),
  FILE_WRITE_OPEN(27, Payload.STRING_PAIR, "opening a file for writing"),
  FILE_WRITE(28, Payload.OUTPUT, "a write to a file"),
  /** The next chunk of a read or write too large for one event (see {@link #MAX_PAYLOAD}). */
  PAYLOAD_MORE(29, Payload.OUTPUT, "the rest of a large read or write"),
  FILE_QUERY(30, Payload.STRING_PAIR, "a query of the file system (exists, length, ...)"),
  FILE_LIST(31, Payload.STRING_PAIR, "a directory listing"),
  FILE_CANONICAL(32, Payload.STRING_PAIR, "a canonical path"),
  NIO_OPEN(33, Payload.STRING_PAIR, "opening a file through java.nio"),
  NIO_QUERY(34, Payload.STRING_PAIR, "a java.nio query of the file system (attributes, access, real path)"),
  DIRECTORY_OPEN(35, Payload.STRING_PAIR, "opening a directory to list it"),
  DIRECTORY_ENTRY(36, Payload.STRING_PAIR, "the next name of a directory listing"),
  FILE_CHANGE(37, Payload.STRING_PAIR, "a change of the file system (create, delete, rename, permissions)"),
  CHANNEL_CALL(38, Payload.STRING_PAIR, "a FileChannel call (position, size, write, lock)"),
  IO_ERROR(39, Payload.STRING, "the error a recorded read failed with"),
  RANDOM_ACCESS(40, Payload.STRING_PAIR, "a RandomAccessFile call (open, seek, position, length)"),
  PROCESS_START(41, Payload.STRING_PAIR, "starting a process"),
  PROCESS_STATE(42, Payload.LONG, "whether a process has exited, or its exit code, as the program saw it"),
  PROCESS_CALL(43, Payload.STRING_PAIR, "destroying a process, or listing processes"),
  FILE_WATCH(44, Payload.STRING_PAIR, "a WatchService's inotify call (a watch, the poller's wait and reads)"),
  // Network (codes 53-72): the value is the native's result + 8 (0: it threw), the payload starts
  // with the NetOp code for the life-cycle kinds and holds the data for reads and writes.
  NET_SOCKET(53, Payload.OUTPUT, "creating a socket"),
  NET_BIND(54, Payload.OUTPUT, "binding a socket"),
  NET_LISTEN(55, Payload.OUTPUT, "listening on a socket"),
  NET_CONNECT(56, Payload.OUTPUT, "connecting a socket"),
  NET_ACCEPT(57, Payload.OUTPUT, "accepting a connection"),
  NET_SHUTDOWN(58, Payload.OUTPUT, "shutting down a socket"),
  NET_ADDRESS(59, Payload.OUTPUT, "a socket's local or remote address or port"),
  NET_OPTION(60, Payload.OUTPUT, "getting or setting a socket option"),
  NET_POLL(61, Payload.OUTPUT, "waiting for a socket to be ready"),
  NET_AVAILABLE(62, Payload.OUTPUT, "the bytes available on a socket"),
  NET_URGENT(63, Payload.OUTPUT, "sending urgent data"),
  SOCKET_READ(64, Payload.OUTPUT, "a read from a socket"),
  SOCKET_WRITE(65, Payload.OUTPUT, "a write to a socket"),
  SELECTOR_WAIT(66, Payload.OUTPUT, "a selector's wait for ready channels"),
  SELECTOR_CONTROL(67, Payload.OUTPUT, "a change to what a selector watches"),
  SELECTOR_WAKEUP_OPEN(68, Payload.OUTPUT, "creating a selector's wake-up descriptor"),
  NAME_LOOKUP(69, Payload.OUTPUT, "a host name lookup"),
  NAME_REVERSE_LOOKUP(70, Payload.OUTPUT, "a reverse lookup of an address"),
  DATAGRAM_RECEIVE(71, Payload.OUTPUT, "a datagram received, with its sender"),
  DATAGRAM_SEND(72, Payload.OUTPUT, "a datagram sent, with its target"),
  // The serializing scheduler (codes 73-90). The site field holds a thread's ordinal + 1 (0: none),
  // the value a tick of the deciding thread (see ttd.agent.schedule).
  /** The running thread handed the baton to another thread (or to none) at this tick. */
  SCHED_SWITCH(73, Payload.LONG, "a thread switch"),
  /** The running thread let in, at this tick, a thread back from a timed or external wait. */
  SCHED_ADMIT(74, Payload.LONG, "a thread let back in"),
  /** A thread back from a timed or external wait took the idle baton (value: idle period). */
  SCHED_RESUME(75, Payload.LONG, "a thread resuming an idle program"),
  /** How an untimed wait on a JDK-held monitor ended (0 normally, 1 by interruption). */
  SCHED_WAIT(76, Payload.LONG, "Object.wait on a JDK-held monitor"),
  /** Another process's start time or parent, from the OS's process table (0 or -1: none). */
  PROCESS_TABLE(96, Payload.LONG, "a process's start time or parent, or a handle's pid or start time as a listing reads it"),
  /** What the OS says about a process: command, arguments, start, CPU time, user (as text). */
  PROCESS_INFO(97, Payload.STRING, "a process's command line, start time and user"),
  /** A figure of the JVM's management natives (uptime, CPU time, collections, memory usage...). */
  MANAGEMENT(98, Payload.LONG, "a JVM management figure"),
  /** This JVM's own pid, where the program reads it. */
  PROCESS_ID(99, Payload.LONG, "this process's pid"),
  /**
   * A call of one of the JDK's {@code SecureRandom} engines: the value is the operation (negative:
   * it threw), the payload its output (next bytes, a generated seed; none for seeding and
   * reseeding) or, when it threw, the exception's class and message. Code 9, the bytes of {@code
   * SecureRandom.nextBytes} before the engine was the boundary, is retired.
   */
  SECURE_RANDOM(100, Payload.OUTPUT, "SecureRandom output"),
  /** The JVM's input arguments as {@code RuntimeMXBean.getInputArguments} lists them (NUL-separated). */
  VM_ARGUMENTS(104, Payload.STRING, "the JVM's input arguments"),
  /** A captured JDK method's result as its codec wrote it, keyed by the method (105 is retired). */
  CAPTURED_VALUE(106, Payload.STRING_PAIR, "the result of a captured JDK method");

  /**
   * The most payload bytes one event carries: a larger read or write continues in {@link
   * #PAYLOAD_MORE} events, so that no queue document outgrows what Chronicle can write at once.
   */
  public static final int MAX_PAYLOAD = 256 << 10;

  /** Event codes are below this; codes are bytes, and tables indexed by code have this size. */
  public static final int CODES = 128;

  /** How an event's value is laid out in a block. */
  public enum Payload {
    LONG,
    STRING,
    BYTES,
    STRING_PAIR,
    STRING_MAP,
    OUTPUT
  }

  private static final EventKind[] BY_CODE = new EventKind[CODES];

  static {
    for (EventKind kind : values()) {
      BY_CODE[kind.code] = kind;
    }
  }

  private final int code;
  private final Payload payload;
  private final String description;

  EventKind(int code, Payload payload, String description) {
    this.code = code;
    this.payload = payload;
    this.description = description;
  }

  public int code() {
    return code;
  }

  public Payload payload() {
    return payload;
  }

  /** What a person calls this event, for reports. */
  public String description() {
    return description;
  }

  /** The kind with that code, or null if the byte is not a known kind. */
  public static EventKind ofCode(int code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
  }
}
