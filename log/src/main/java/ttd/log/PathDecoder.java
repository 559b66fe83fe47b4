package ttd.log;

import java.nio.charset.StandardCharsets;

/**
 * Reads back, one record at a time, a chunk of a thread's path written by {@link PathEncoder},
 * with its {@link PathEncoder#REPEAT repeats} expanded into the records they stand for.
 *
 * <p>After {@link #next()} returns true, {@link #tag()} and {@link #value()} describe the record,
 * and {@link #name()} the name a {@link PathEncoder#DEFINE} record gives its id. A malformed
 * chunk raises {@link BadRecordingException}.
 */
public final class PathDecoder {

  private static final int MASK = PathEncoder.HISTORY - 1;

  private final byte[] buf;
  private final int end;
  private int pos;
  private int tag;
  private long value;
  private String name;
  private final long[] history = new long[PathEncoder.HISTORY];
  private int records;
  /** While a repeat is expanded: its period and the records of it still to come. */
  private int period;
  private long repeating;

  public PathDecoder(byte[] chunk, int offset, int length) {
    this.buf = chunk;
    this.pos = offset;
    this.end = offset + length;
  }

  public boolean next() {
    name = null;
    if (repeating > 0) {
      repeating--;
      set(history[(records - period) & MASK]);
      return true;
    }
    if (pos >= end) {
      return false;
    }
    long v = varLong();
    int t = (int) (v & ((1 << PathEncoder.TAG_BITS) - 1));
    if (t > PathEncoder.REPEAT) {
      throw new BadRecordingException("the recording's path log holds an unknown record " + t);
    }
    if (t == PathEncoder.DEFINE) {
      tag = t;
      value = v >>> PathEncoder.TAG_BITS;
      long len = varLong();
      if (len < 0 || len > end - pos) {
        throw new BadRecordingException("the recording's path log holds a damaged name");
      }
      name = new String(buf, pos, (int) len, StandardCharsets.UTF_8);
      pos += (int) len;
      return true;
    }
    if (t == PathEncoder.REPEAT) {
      long r = v >>> PathEncoder.TAG_BITS;
      period = (int) (r & 7) + 1;
      long turns = r >>> 3;
      if (turns <= 0 || period > records || turns > Long.MAX_VALUE / period) {
        throw new BadRecordingException("the recording's path log holds a damaged repeat");
      }
      repeating = turns * period;
      return next();
    }
    set(v);
    return true;
  }

  private void set(long v) {
    history[records++ & MASK] = v;
    tag = (int) (v & ((1 << PathEncoder.TAG_BITS) - 1));
    value = v >>> PathEncoder.TAG_BITS;
  }

  public int tag() {
    return tag;
  }

  /** The id of a call, JDK call or definition; the count of a return, loop or event record. */
  public long value() {
    return value;
  }

  /** The name a definition gives its id. */
  public String name() {
    return name;
  }

  private long varLong() {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= end) {
        throw new BadRecordingException("the recording's path log ends inside a record");
      }
      byte b = buf[pos++];
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return v;
      }
    }
    throw new BadRecordingException("the recording's path log holds a damaged number");
  }
}
