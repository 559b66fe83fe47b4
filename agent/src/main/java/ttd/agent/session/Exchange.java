package ttd.agent.session;

import java.util.Map;
import ttd.log.EventKind;

/**
 * The one thing record and replay do differently at a hook: what happens to the value, input or
 * output the program meets. Recording logs what the real call gave and returns it; replay checks
 * the thread's next event and returns what the log holds. The session's parts (threads, files,
 * network, waits…) are written once against this interface and never ask which mode runs, except
 * through {@link #performsRealIo}.
 */
public interface Exchange {

  /** Logs (record) or checks and returns (replay) a value of {@code kind} at {@code site}. */
  long exchangeLong(ThreadState t, EventKind kind, int site, long original);

  String exchangeString(ThreadState t, EventKind kind, int site, String original);

  /** Logs (record) or checks (replay) {@code key}, and exchanges the value that goes with it. */
  String exchangePair(ThreadState t, EventKind kind, String key, String original);

  /** The whole environment ({@code System.getenv()}), redacted as the recording's options say. */
  Map<String, String> exchangeEnvAll(ThreadState t, Map<String, String> original);

  /**
   * Exchanges a read of {@code result} bytes into {@code b[off..]}: record logs them, replay fills
   * them in from the log and returns the recorded result.
   */
  int exchangeRead(ThreadState t, int result, byte[] b, int off, int len);

  /**
   * The same for a read into native memory ({@code len} bytes at {@code address}, or with {@code
   * iovcnt > 0} the buffers of that many iovecs at {@code address}): record logs the bytes
   * straight from that memory, replay writes the logged ones into it.
   */
  int exchangeNativeRead(ThreadState t, int result, long address, int len, int iovcnt);

  /**
   * Record: logs an event of {@code kind} with {@code value} and the payload {@code
   * b[off..off+len)} (split into continuation events if large) and returns {@code value}. Replay:
   * checks that the thread's next event is of {@code kind}, hands its payload to {@code sink}
   * (which may be null) and returns its value.
   */
  long exchangeData(
      ThreadState t, EventKind kind, long value, byte[] b, int off, int len, PayloadSink sink);

  /** An output (stdout, stderr, a file), numbered by {@code ordinal}: record logs it, replay compares it. */
  void exchangeOutput(ThreadState t, EventKind kind, long ordinal, byte[] b, int off, int len);

  /** Replay: the program did something else than the recording; stops with a report. */
  void mismatch(ThreadState t, String expected, String actual);

  /** Whether the real I/O operation runs (record) or the log stands in for it (replay). */
  boolean performsRealIo();

  /** Whether a sleep or timed wait really waits (record, unless pinned) or returns at once. */
  boolean performsWaits(long millis, int nanos);

  /** Tells the person recording about something the recording will not cover (record only). */
  void warn(String message);

  /** Replaces what a {@code SecureRandom} engine produced with a pinned seed's (record only). */
  void pinRandom(byte[] produced);

  /**
   * The program takes an input ttd cannot capture ({@code what} the program does): replay stops
   * at its event with a report; recording logs it, says so and stops ({@code RecordSession}).
   */
  default void uncaptured(ThreadState t, String what) {
    exchangeString(t, EventKind.UNCAPTURED_INPUT, 0, what);
  }
}
