package ttd.log;

import java.nio.charset.StandardCharsets;

/**
 * Reads back, one record at a time, a chunk of a thread's path written by {@link PathEncoder}.
 *
 * <p>After {@link #next()} returns true, {@link #tag()} and {@link #value()} describe the record,
 * and {@link #name()} the name a {@link PathEncoder#DEFINE} record gives its id. A malformed
 * chunk raises {@link BadRecordingException}.
 */
public final class PathDecoder {

  private final byte[] buf;
  private final int end;
  private int pos;
  private int tag;
  private long value;
  private String name;

  public PathDecoder(byte[] chunk, int offset, int length) {
    this.buf = chunk;
    this.pos = offset;
    this.end = offset + length;
  }

  public boolean next() {
    if (pos >= end) {
      return false;
    }
    long v = varLong();
    tag = (int) (v & ((1 << PathEncoder.TAG_BITS) - 1));
    value = v >>> PathEncoder.TAG_BITS;
    name = null;
    if (tag > PathEncoder.DEFINE) {
      throw new BadRecordingException("the recording's path log holds an unknown record " + tag);
    }
    if (tag == PathEncoder.DEFINE) {
      long len = varLong();
      if (len < 0 || len > end - pos) {
        throw new BadRecordingException("the recording's path log holds a damaged name");
      }
      name = new String(buf, pos, (int) len, StandardCharsets.UTF_8);
      pos += (int) len;
    }
    return true;
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
