package ttd.log;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads back, one event at a time, a block written by {@link BlockEncoder}.
 *
 * <p>After {@link #next()} returns true, the accessors describe the current event. A malformed block
 * raises {@link BadRecordingException}, never an index error.
 */
public final class BlockDecoder {

  private final byte[] buf;
  private final int end;
  private int pos;
  private final long[] last = new long[EventKind.CODES];

  private EventKind kind;
  private int site;
  private long longValue;
  private String text;
  private String text2;
  private byte[] bytes;
  private int bytesAt = -1;
  private int bytesLength;
  private Map<String, String> map;

  public BlockDecoder(byte[] block, int offset, int length) {
    this.buf = block;
    this.pos = offset;
    this.end = offset + length;
  }

  public boolean next() {
    if (pos >= end) {
      return false;
    }
    int code = buf[pos++] & 0xff;
    kind = EventKind.ofCode(code);
    if (kind == null) {
      throw new BadRecordingException("the recording holds an unknown event kind " + code);
    }
    site = (int) varLong();
    text = null;
    text2 = null;
    bytes = null;
    bytesAt = -1;
    map = null;
    switch (kind.payload()) {
      case LONG:
        long v = last[code] + unZigZag(varLong());
        last[code] = v;
        longValue = v;
        break;
      case STRING:
        text = string();
        break;
      case STRING_PAIR:
        text = string();
        text2 = string();
        break;
      case BYTES:
        rawBytes();
        break;
      case OUTPUT:
        longValue = varLong();
        rawBytes();
        break;
      case STRING_MAP:
        map = stringMap();
        break;
      default:
        throw new IllegalStateException(kind.toString());
    }
    return true;
  }

  /** Whether another event follows in this block. */
  public boolean hasNext() {
    return pos < end;
  }

  public EventKind kind() {
    return kind;
  }

  public int site() {
    return site;
  }

  public long longValue() {
    return longValue;
  }

  public String text() {
    return text;
  }

  public String text2() {
    return text2;
  }

  /** The current event's payload, as a new array (see {@link #copyBytes} to avoid it). */
  public byte[] bytes() {
    if (bytes == null && bytesAt >= 0) {
      bytes = java.util.Arrays.copyOfRange(buf, bytesAt, bytesAt + bytesLength);
    }
    return bytes;
  }

  /** The length of the current event's payload (0 if it has none). */
  public int bytesLength() {
    return bytesAt < 0 ? 0 : bytesLength;
  }

  /** Copies {@code len} payload bytes from {@code from} on into {@code into[at..]}. */
  public void copyBytes(int from, byte[] into, int at, int len) {
    System.arraycopy(buf, bytesAt + from, into, at, len);
  }

  /**
   * The block's array and where the current payload starts in it, for a copy into native memory;
   * the array must not be changed.
   */
  public byte[] block() {
    return buf;
  }

  public int bytesOffset() {
    return bytesAt;
  }

  public Map<String, String> map() {
    return map;
  }

  private Map<String, String> stringMap() {
    long n = varLong();
    if (n == 0) {
      return null;
    }
    Map<String, String> m = new LinkedHashMap<>();
    for (long i = 1; i < n; i++) {
      m.put(string(), string());
    }
    return Collections.unmodifiableMap(m);
  }

  private String string() {
    long n = varLong();
    if (n == 0) {
      return null;
    }
    int len = checkedLength(n - 1);
    String s = new String(buf, pos, len, StandardCharsets.UTF_8);
    pos += len;
    return s;
  }

  /** Notes where the payload lies; {@link #bytes()} copies it only if asked. */
  private void rawBytes() {
    int len = checkedLength(varLong());
    bytesAt = pos;
    bytesLength = len;
    pos += len;
  }

  private int checkedLength(long len) {
    if (len < 0 || len > end - pos) {
      throw new BadRecordingException("the recording holds an event longer than its block");
    }
    return (int) len;
  }

  private long varLong() {
    long result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= end) {
        throw new BadRecordingException("the recording holds an event cut short");
      }
      byte b = buf[pos++];
      result |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return result;
      }
    }
    throw new BadRecordingException("the recording holds a malformed number");
  }

  static long unZigZag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }
}
