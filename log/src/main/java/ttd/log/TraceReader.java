package ttd.log;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads a recording's queue in order, checking each document's sequence number and checksum.
 *
 * <p>Damage turns into a {@link BadRecordingException} naming the document, never into garbage
 * handed to replay. Several readers may read one recording at once (one per replaying thread).
 */
public final class TraceReader implements AutoCloseable {

  private final ChronicleQueue queue;
  private final ExcerptTailer tailer;
  private final CRC32C crc = new CRC32C();
  private final byte[] head = new byte[TraceFormat.DOC_HEADER_BYTES + 4];
  private long expected;
  private final long limit;
  /** Chronicle's index of the document read last ({@link #lastIndex}). */
  private long lastIndex = -1;

  public TraceReader(Path queueDir) {
    this(queueDir, Long.MAX_VALUE);
  }

  /** A reader that ends after {@code limit} documents (the usable part of a damaged recording). */
  public TraceReader(Path queueDir, long limit) {
    this.limit = limit;
    try {
      this.queue = ChronicleSettings.openForRead(queueDir);
      this.tailer = queue.createTailer();
    } catch (RuntimeException | InternalError e) {
      // Chronicle's own words (ClassNotFoundException: SCQSIndex, ...) mean nothing to a user
      throw new BadRecordingException(
          java.nio.file.Files.isReadable(queueDir)
              ? "the recording's event log in " + queueDir + " cannot be opened: its files are truncated"
                  + " or damaged, so it cannot be replayed"
              : "the recording's event log in " + queueDir + " cannot be read by this user; check its permissions",
          e);
    }
  }

  /** Decides from a document's type and the first int of its payload whether a reader skips it. */
  public interface Skip {
    boolean skip(byte type, int first);
  }

  /** The next document, or null at the end of what was written. */
  public TraceDocument next() {
    return next(null);
  }

  /**
   * The next document {@code skip} does not skip, or null at the end of what was written. A
   * skipped document is neither copied nor checksummed here (only its sequence number is
   * checked): for readers that want a few documents of a recording {@link RecordingScan} has
   * already verified whole, such as one replaying thread's path.
   */
  public TraceDocument next(Skip skip) {
    while (true) {
      if (expected >= limit) {
        return null;
      }
      TraceDocument d = read(skip);
      if (d != SKIPPED) {
        return d;
      }
    }
  }

  /**
   * Chronicle's index of the document {@link #next} returned or skipped last: where {@link #at}
   * finds it again.
   */
  public long lastIndex() {
    return lastIndex;
  }

  /**
   * The document at Chronicle's {@code index}, which must carry sequence number {@code sequence}:
   * for readers that jump to the documents a {@link ThreadDocuments} lists (the recording was
   * verified whole before), instead of reading every document in between.
   */
  public TraceDocument at(long index, long sequence) {
    expected = sequence;
    boolean found;
    try {
      found = tailer.moveToIndex(index);
    } catch (InternalError | RuntimeException e) {
      throw damaged("cannot be found (its file is truncated or overwritten)");
    }
    TraceDocument d = found ? read(null) : null;
    if (d == null) {
      throw damaged("is missing from its place in the log");
    }
    return d;
  }

  private static final TraceDocument SKIPPED = new TraceDocument((byte) 0, -1, new byte[TraceFormat.DOC_HEADER_BYTES]);

  private TraceDocument read(Skip skip) {
    byte[] bytes;
    try (DocumentContext dc = tailer.readingDocument()) {
      if (!dc.isPresent()) {
        return null;
      }
      lastIndex = dc.index();
      Bytes<?> b = dc.wire().bytes();
      long n = b.readRemaining();
      if (n < TraceFormat.DOC_HEADER_BYTES || n > Integer.MAX_VALUE - 16) {
        throw damaged("is too short");
      }
      if (skip != null && n >= TraceFormat.DOC_HEADER_BYTES + 4) {
        long at = b.readPosition();
        b.read(head, 0, head.length);
        ByteBuffer h = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        if (skip.skip(h.get(0), h.getInt(TraceFormat.DOC_HEADER_BYTES))) {
          if (h.getLong(1) != expected) {
            throw damaged("is out of sequence (found " + h.getLong(1) + ")");
          }
          expected++;
          return SKIPPED;
        }
        b.readPosition(at);
      }
      bytes = new byte[(int) n];
      b.read(bytes);
    } catch (InternalError | RuntimeException e) {
      // Chronicle read a garbage length and faulted on the memory-mapped file, or a garbage header
      // it does not know (UnsupportedOperationException: COMMENT and the like)
      throw damaged("cannot be read (its file is truncated or overwritten)");
    }
    ByteBuffer head = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    byte type = head.get(0);
    long sequence = head.getLong(1);
    int stored = head.getInt(9);
    crc.reset();
    crc.update(bytes, 0, 9);
    crc.update(bytes, TraceFormat.DOC_HEADER_BYTES, bytes.length - TraceFormat.DOC_HEADER_BYTES);
    if ((int) crc.getValue() != stored) {
      throw damaged("fails its checksum");
    }
    if (sequence != expected) {
      throw damaged("is out of sequence (found " + sequence + ")");
    }
    expected++;
    return new TraceDocument(type, sequence, bytes);
  }

  private BadRecordingException damaged(String what) {
    return new BadRecordingException(
        "the recording is damaged: document "
            + expected
            + " "
            + what
            + "; it cannot be replayed past that point");
  }

  @Override
  public void close() {
    tailer.close();
    queue.close();
  }
}
