package ttd.log;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * Packs one thread's path (the divergence finder's log: which methods it entered, where it
 * returned, looped and called the JDK, and where its events fell) into compact records.
 *
 * <p>A record is one varint: its low {@link #TAG_BITS} bits are the tag, the rest the value.
 * {@link #CALL} and {@link #JDK} carry an id; the thread's first use of an id is preceded by a
 * {@link #DEFINE} record with the id's name (varint length, UTF-8), so each thread's stream reads
 * on its own and ids need not agree between two JVMs. {@link #RETURN}, {@link #LOOP} and {@link
 * #EVENT} carry a count: consecutive ones of a kind become one record.
 *
 * <p>A loop repeats a few records every turn, so once the last {@code p} records (p up to {@link
 * #MAX_PERIOD}) equal the {@code p} before them, further turns that repeat them exactly are
 * counted, not written, and become one {@link #REPEAT} record when the pattern breaks (the records
 * of a turn left unfinished follow it as they are). A loop turn of four records thus costs a
 * fraction of a byte instead of seven. Repeats never reach across chunks ({@link #reset()}), so
 * each chunk decodes on its own. Not thread-safe: each recorded thread owns one encoder.
 */
public final class PathEncoder {

  public static final int TAG_BITS = 3;
  /** The thread entered a method (value: its id). */
  public static final int CALL = 0;
  /** The thread returned from, or was thrown out of, this many methods. */
  public static final int RETURN = 1;
  /** The thread jumped back in a loop this many times. */
  public static final int LOOP = 2;
  /** The thread called a JDK method at a call site of the program (value: the site's id). */
  public static final int JDK = 3;
  /** The thread logged this many events (the event log holds them). */
  public static final int EVENT = 4;
  /** The name of an id, before the thread's first record that uses it. */
  public static final int DEFINE = 5;
  /**
   * The last {@code p} records, {@code n} times more: value {@code n << 3 | (p - 1)}. Expanded
   * by {@link PathDecoder}, which reports the records, never this one.
   */
  public static final int REPEAT = 6;

  /** The longest pattern of records a repeat covers. */
  public static final int MAX_PERIOD = 8;
  /** How many records back a decoder must remember (a power of two, at least 2 periods). */
  static final int HISTORY = 32;

  private final IntFunction<String> names;
  private byte[] buf;
  private int pos;
  private boolean[] defined = new boolean[256];
  private int pendingTag = -1;
  private long pendingCount;
  /** The records of this chunk so far (the last {@link #HISTORY}), as their varint values. */
  private final long[] history = new long[HISTORY];
  private int records;
  /** The period of the pattern being repeated (0: none), its records matched in the current turn, its turns. */
  private int period;
  private int matched;
  private long turns;

  /** @param names the name of each id, asked once per id and thread */
  public PathEncoder(int capacity, IntFunction<String> names) {
    this.buf = new byte[capacity];
    this.names = names;
  }

  /** A {@link #CALL} or {@link #JDK} record of {@code id}, with its definition if it is new. */
  public void id(int tag, int id) {
    if (pendingTag >= 0) {
      writePending();
    }
    if (id >= defined.length || !defined[id]) {
      endRepeat();
      define(id);
    }
    record(((long) id << TAG_BITS) | tag);
  }

  /** One more {@link #RETURN}, {@link #LOOP} or {@link #EVENT}. */
  public void count(int tag, long n) {
    if (pendingTag == tag) {
      pendingCount += n;
      return;
    }
    if (pendingTag >= 0) {
      writePending();
    }
    pendingTag = tag;
    pendingCount = n;
  }

  /** Bytes written so far, the pending count and repeat not included. */
  public int size() {
    return pos;
  }

  /** Writes what is pending: the records so far are then all in {@link #buffer()}. */
  public void close() {
    if (pendingTag >= 0) {
      writePending();
    }
    endRepeat();
  }

  public byte[] buffer() {
    return buf;
  }

  /** Starts the next chunk; the ids already defined stay defined, repeats start afresh. */
  public void reset() {
    pos = 0;
    records = 0;
  }

  /** A record, unless it continues the pattern being repeated. */
  private void record(long v) {
    if (period > 0) {
      if (v == history[(records - period) & (HISTORY - 1)]) {
        history[records++ & (HISTORY - 1)] = v;
        if (++matched == period) {
          matched = 0;
          turns++;
        }
        return;
      }
      endRepeat();
    }
    put(v);
    history[records++ & (HISTORY - 1)] = v;
    for (int p = 1; p <= MAX_PERIOD && 2 * p <= records; p++) {
      if (repeats(p)) {
        period = p;
        matched = 0;
        turns = 0;
        return;
      }
    }
  }

  /** Whether the last {@code p} records equal the {@code p} before them. */
  private boolean repeats(int p) {
    for (int i = 1; i <= p; i++) {
      if (history[(records - i) & (HISTORY - 1)] != history[(records - i - p) & (HISTORY - 1)]) {
        return false;
      }
    }
    return true;
  }

  /** Writes the turns counted and the records of the unfinished turn; ends the pattern. */
  private void endRepeat() {
    if (period == 0) {
      return;
    }
    if (turns > 0) {
      put((((turns << 3) | (period - 1)) << TAG_BITS) | REPEAT);
    }
    for (int i = matched; i > 0; i--) {
      put(history[(records - i) & (HISTORY - 1)]);
    }
    period = 0;
  }

  private void define(int id) {
    if (id >= defined.length) {
      defined = Arrays.copyOf(defined, Math.max(id + 1, defined.length * 2));
    }
    defined[id] = true;
    byte[] name = names.apply(id).getBytes(StandardCharsets.UTF_8);
    put(((long) id << TAG_BITS) | DEFINE);
    put(name.length);
    ensure(name.length);
    System.arraycopy(name, 0, buf, pos, name.length);
    pos += name.length;
  }

  private void writePending() {
    long v = (pendingCount << TAG_BITS) | pendingTag;
    pendingTag = -1;
    record(v);
  }

  private void put(long v) {
    if (pos + 10 > buf.length) {
      ensure(10);
    }
    byte[] b = buf;
    int p = pos;
    while ((v & ~0x7FL) != 0) {
      b[p++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    pos = p;
  }

  private void ensure(int room) {
    if (pos + room > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + room));
    }
  }
}
