package ttd.log;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * One verified document of a recording's queue: its type, sequence number and payload.
 *
 * <p>The accessors decode the payload of each document type as {@link TraceWriter} laid it out.
 */
public final class TraceDocument {

  private final byte type;
  private final long sequence;
  private final ByteBuffer payload;

  TraceDocument(byte type, long sequence, byte[] bytes) {
    this.type = type;
    this.sequence = sequence;
    this.payload =
        ByteBuffer.wrap(bytes, TraceFormat.DOC_HEADER_BYTES, bytes.length - TraceFormat.DOC_HEADER_BYTES)
            .slice()
            .order(ByteOrder.LITTLE_ENDIAN);
  }

  /** The document's size in bytes, header included. */
  public int size() {
    return payload.limit() + TraceFormat.DOC_HEADER_BYTES;
  }

  public byte type() {
    return type;
  }

  public long sequence() {
    return sequence;
  }

  /** The first int of the payload: a site id, class checksum, thread ordinal or exit status. */
  public int intValue() {
    return payload.getInt(0);
  }

  /** The string after the first int: a site, class or thread name, or an end cause. */
  public String name() {
    int len = payload.getInt(4);
    if (len < 0 || len > payload.limit() - 8) {
      throw new BadRecordingException("the recording holds a damaged name in document " + sequence);
    }
    byte[] b = new byte[len];
    payload.get(8, b);
    return new String(b, StandardCharsets.UTF_8);
  }

  /** For a block: the thread ordinal. */
  public int blockThread() {
    return payload.getInt(0);
  }

  /** For a block: the index of its first event in its thread's sequence. */
  public long blockFirstIndex() {
    return payload.getLong(4);
  }

  /** For a block: how many events it holds. */
  public int blockCount() {
    return payload.getInt(12);
  }

  /** For a block: a decoder over its events. */
  public BlockDecoder blockEvents() {
    int offset = payload.arrayOffset() + 16;
    return new BlockDecoder(payload.array(), offset, payload.limit() - 16);
  }

  /** For a path chunk: the thread ordinal. */
  public int pathThread() {
    return payload.getInt(0);
  }

  /** For a path chunk: a decoder over its records. */
  public PathDecoder pathRecords() {
    return new PathDecoder(payload.array(), payload.arrayOffset() + 4, payload.limit() - 4);
  }

  /** For an order document: the thread ordinal (as {@link #blockThread}). */
  public int orderThread() {
    return payload.getInt(0);
  }

  /**
   * For an order document: its runs, as pairs (thread event index where a run starts, the global
   * number of that event or -1 for events outside the global order).
   */
  public long[] orderRuns() {
    int n = payload.getInt(4);
    if (n < 0 || 8 + 16L * n > payload.limit()) {
      throw new BadRecordingException("the recording holds a damaged order document " + sequence);
    }
    long[] runs = new long[2 * n];
    for (int i = 0; i < runs.length; i++) {
      runs[i] = payload.getLong(8 + 8 * i);
    }
    return runs;
  }
}
