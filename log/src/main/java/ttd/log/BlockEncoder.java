package ttd.log;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Packs one thread's events into a compact block: a kind byte, a varint call site and the value.
 *
 * <p>Long values are stored as zig-zag varint deltas from the previous value of the same kind in
 * the block, so a clock read usually costs three or four bytes. Each block starts afresh, so a
 * block can be decoded on its own. Not thread-safe: each recording thread owns one encoder.
 */
public final class BlockEncoder {

  private byte[] buf;
  private int pos;
  private int count;
  private long firstIndex;
  private final long[] last = new long[EventKind.CODES];

  public BlockEncoder(int capacity) {
    buf = new byte[capacity];
  }

  /** Starts a new block whose first event has this index in the thread's event sequence. */
  public void reset(long firstEventIndex) {
    pos = 0;
    count = 0;
    firstIndex = firstEventIndex;
    java.util.Arrays.fill(last, 0L);
  }

  public int size() {
    return pos;
  }

  public int count() {
    return count;
  }

  public long firstIndex() {
    return firstIndex;
  }

  public byte[] buffer() {
    return buf;
  }

  /** The hot path (every clock read): one bounds check, then the bytes. */
  public void putLong(EventKind kind, int site, long value) {
    if (pos + 21 > buf.length) {
      ensure(21);
    }
    int k = kind.code();
    byte[] b = buf;
    int p = pos;
    b[p++] = (byte) k;
    long v = site & 0xffffffffL;
    while ((v & ~0x7FL) != 0) {
      b[p++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    v = zigZag(value - last[k]);
    while ((v & ~0x7FL) != 0) {
      b[p++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    pos = p;
    last[k] = value;
    count++;
  }

  public void putString(EventKind kind, int site, String value) {
    head(kind, site, 5);
    string(value);
  }

  public void putStringPair(EventKind kind, int site, String first, String second) {
    head(kind, site, 5);
    string(first);
    string(second);
  }

  public void putBytes(EventKind kind, int site, byte[] bytes, int offset, int length) {
    head(kind, site, 5 + length);
    rawBytes(bytes, offset, length);
  }

  public void putOutput(EventKind kind, int site, long ordinal, byte[] b, int off, int len) {
    int at = reserveOutput(kind, site, ordinal, len); // may grow buf: read it after
    System.arraycopy(b, off, buf, at, len);
  }

  /**
   * Writes the head of an output-shaped event ({@link #putOutput}'s layout) and leaves room for
   * its {@code len} payload bytes, which the caller then fills in at the returned offset of
   * {@link #buffer()} (taken after this call: it may grow the buffer). This lets a payload that
   * lies in native memory be copied into the block in one step, with no array in between.
   */
  public int reserveOutput(EventKind kind, int site, long value, int len) {
    head(kind, site, 15 + len);
    putVarLong(value);
    putVarLong(len);
    int at = pos;
    pos += len;
    return at;
  }

  /**
   * Stores a map in its iteration order, which the decoder keeps: a replayed {@code
   * System.getenv()} iterates as the recorded one did (sorted, it iterated otherwise than the
   * JDK's hash map, and a program that walked it went another way).
   */
  public void putStringMap(EventKind kind, int site, Map<String, String> map) {
    head(kind, site, 5);
    if (map == null) {
      putVarLong(0);
      return;
    }
    putVarLong(map.size() + 1L);
    for (Map.Entry<String, String> e : map.entrySet()) {
      string(e.getKey());
      string(e.getValue());
    }
  }

  private void head(EventKind kind, int site, int room) {
    ensure(room + 6);
    buf[pos++] = (byte) kind.code();
    putVarLong(site & 0xffffffffL);
    count++;
  }

  private void string(String s) {
    if (s == null) {
      putVarLong(0);
      return;
    }
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    ensure(b.length + 5);
    putVarLong(b.length + 1L);
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
  }

  private void rawBytes(byte[] b, int off, int len) {
    ensure(len + 5);
    putVarLong(len);
    System.arraycopy(b, off, buf, pos, len);
    pos += len;
  }

  private void putVarLong(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      buf[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[pos++] = (byte) v;
  }

  private void ensure(int room) {
    if (pos + room > buf.length) {
      buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, pos + room));
    }
  }

  static long zigZag(long v) {
    return (v << 1) ^ (v >> 63);
  }
}
