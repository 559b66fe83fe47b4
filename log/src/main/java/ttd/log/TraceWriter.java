package ttd.log;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MappedBytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Appends documents to a recording's queue, each with a sequence number and a checksum.
 *
 * <p>One appender is shared by all recording threads behind this object's lock, which also gives
 * the documents their global order. Documents reach the memory-mapped file as they are written, so
 * a process killed with SIGKILL keeps everything appended before it died. Once the log passes
 * {@link #PRETOUCH_FROM}, a {@link QueuePretoucher} faults in the pages ahead of the appender on a
 * thread of its own.
 */
public final class TraceWriter implements AutoCloseable {

  /** A log this small never starts the pretoucher (nor grows its file ahead of its end). */
  static final long PRETOUCH_FROM = 1 << 20;

  private final Path queueDir;
  private final ChronicleQueue queue;
  private final ExcerptAppender appender;
  /** The roll cycle whose file was last made owner-only. */
  private int restrictedCycle = Integer.MIN_VALUE;
  private final CRC32C crc = new CRC32C();
  private byte[] scratch = new byte[4 << 10];
  private final byte[] blockHeader = new byte[TraceFormat.DOC_HEADER_BYTES + 16];
  private long sequence;
  private boolean closed;
  private QueuePretoucher pretoucher;

  public TraceWriter(Path queueDir) {
    this.queueDir = queueDir;
    this.queue = ChronicleSettings.openForWrite(queueDir);
    this.appender = queue.createAppender();
    restrictFiles();
  }

  /** The first document of a recording's log: its id, which the header holds too. */
  public synchronized void appendRecording(String id) {
    byte[] n = id.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = begin(TraceFormat.DOC_RECORDING, n.length + 8);
    b.putInt(0).putInt(n.length).put(n);
    finish(b);
  }

  public synchronized void appendSite(int id, String name) {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = begin(TraceFormat.DOC_SITE, n.length + 8);
    b.putInt(id).putInt(n.length).put(n);
    finish(b);
  }

  public synchronized void appendClass(String name, int checksum) {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = begin(TraceFormat.DOC_CLASS, n.length + 8);
    b.putInt(checksum).putInt(n.length).put(n);
    finish(b);
  }

  public synchronized void appendThread(int ordinal, String name) {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = begin(TraceFormat.DOC_THREAD, n.length + 8);
    b.putInt(ordinal).putInt(n.length).put(n);
    finish(b);
  }

  /**
   * Appends one thread's block of {@code count} events starting at {@code firstIndex}. The events
   * go from the thread's buffer straight into the queue (blocks carry file contents, so an extra
   * copy would cost), with only the small header assembled here.
   */
  public synchronized void appendBlock(
      int ordinal, long firstIndex, int count, byte[] events, int length) {
    if (closed) {
      throw new IllegalStateException("the recording is closed");
    }
    ByteBuffer h = ByteBuffer.wrap(blockHeader).order(ByteOrder.LITTLE_ENDIAN);
    h.put(TraceFormat.DOC_BLOCK).putLong(sequence).putInt(0).putInt(ordinal).putLong(firstIndex).putInt(count);
    crc.reset();
    crc.update(blockHeader, 0, 9);
    crc.update(blockHeader, TraceFormat.DOC_HEADER_BYTES, blockHeader.length - TraceFormat.DOC_HEADER_BYTES);
    crc.update(events, 0, length);
    h.putInt(9, (int) crc.getValue());
    try (DocumentContext dc = appender.writingDocument()) {
      try {
        Bytes<?> out = dc.wire().bytes();
        MappedCopy.write(out.write(blockHeader, 0, blockHeader.length), events, length);
        advanced(out);
      } catch (RuntimeException e) {
        dc.rollbackOnClose(); // never leave half a document in the queue
        throw e;
      }
    }
    sequence++;
    newFileOwnerOnly();
  }

  /** Appends a chunk of one thread's path (see {@link PathEncoder}), copied like a block. */
  public synchronized void appendPath(int ordinal, byte[] records, int length) {
    if (closed) {
      throw new IllegalStateException("the recording is closed");
    }
    ByteBuffer h = ByteBuffer.wrap(blockHeader, 0, TraceFormat.DOC_HEADER_BYTES + 4).order(ByteOrder.LITTLE_ENDIAN);
    h.put(TraceFormat.DOC_PATH).putLong(sequence).putInt(0).putInt(ordinal);
    crc.reset();
    crc.update(blockHeader, 0, 9);
    crc.update(blockHeader, TraceFormat.DOC_HEADER_BYTES, 4);
    crc.update(records, 0, length);
    h.putInt(9, (int) crc.getValue());
    try (DocumentContext dc = appender.writingDocument()) {
      try {
        Bytes<?> out = dc.wire().bytes();
        MappedCopy.write(out.write(blockHeader, 0, TraceFormat.DOC_HEADER_BYTES + 4), records, length);
        advanced(out);
      } catch (RuntimeException e) {
        dc.rollbackOnClose();
        throw e;
      }
    }
    sequence++;
  }

  /**
   * Where the events of thread {@code ordinal}'s last block lie in the global order: {@code n}
   * runs of (thread event index, global number or -1) in {@code runs} ({@link TraceFormat#DOC_ORDER}).
   */
  public synchronized void appendOrder(int ordinal, long[] runs, int n) {
    ByteBuffer b = begin(TraceFormat.DOC_ORDER, 8 + 16 * n);
    b.putInt(ordinal).putInt(n);
    for (int i = 0; i < 2 * n; i++) {
      b.putLong(runs[i]);
    }
    finish(b);
  }

  public synchronized void appendEnd(int exitStatus, String cause) {
    byte[] n = cause.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = begin(TraceFormat.DOC_END, n.length + 8);
    b.putInt(exitStatus).putInt(n.length).put(n);
    finish(b);
  }

  private ByteBuffer begin(byte type, int payload) {
    int size = TraceFormat.DOC_HEADER_BYTES + payload;
    if (scratch.length < size) {
      scratch = new byte[Math.max(size, scratch.length * 2)];
    }
    ByteBuffer b = ByteBuffer.wrap(scratch).order(ByteOrder.LITTLE_ENDIAN);
    b.put(type).putLong(sequence).putInt(0);
    return b;
  }

  private void finish(ByteBuffer b) {
    if (closed) {
      throw new IllegalStateException("the recording is closed");
    }
    int size = b.position();
    crc.reset();
    crc.update(scratch, 0, 9);
    crc.update(scratch, TraceFormat.DOC_HEADER_BYTES, size - TraceFormat.DOC_HEADER_BYTES);
    ByteBuffer.wrap(scratch).order(ByteOrder.LITTLE_ENDIAN).putInt(9, (int) crc.getValue());
    try (DocumentContext dc = appender.writingDocument()) {
      try {
        Bytes<?> out = dc.wire().bytes();
        out.write(scratch, 0, size);
        advanced(out);
      } catch (RuntimeException e) {
        dc.rollbackOnClose();
        throw e;
      }
    }
    sequence++;
    newFileOwnerOnly();
  }

  /**
   * Chronicle creates the queue's files itself, with the process's umask (0644 as a rule): each is
   * made owner-only as soon as it exists, the first one when the log's first document is written,
   * at the start of the recording. (The recording's directories are owner-only from their creation,
   * so no other user could reach the files even before.)
   */
  private void newFileOwnerOnly() {
    if (appender.cycle() != restrictedCycle) {
      restrictedCycle = appender.cycle();
      restrictFiles();
    }
  }

  private void restrictFiles() {
    java.io.File[] files = queueDir.toFile().listFiles();
    for (java.io.File f : files == null ? new java.io.File[0] : files) {
      try {
        OwnerOnly.restrictFile(f.toPath());
      } catch (java.io.IOException e) {
        // the directory is owner-only already
      }
    }
  }

  /** Tells the pretoucher how far the queue file is written, starting it once the log is big enough. */
  private void advanced(Bytes<?> out) {
    if (!(out instanceof MappedBytes)) {
      return;
    }
    long position = out.writePosition();
    if (pretoucher == null) {
      if (position < PRETOUCH_FROM) {
        return;
      }
      pretoucher = new QueuePretoucher();
      pretoucher.start();
    }
    pretoucher.appended(((MappedBytes) out).mappedFile(), position);
  }

  /** The pretoucher, once started (for tests). */
  synchronized QueuePretoucher pretoucher() {
    return pretoucher;
  }

  /** How many documents were appended. */
  public synchronized long documents() {
    return sequence;
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      if (pretoucher != null) {
        pretoucher.finish();
      }
      appender.close();
      queue.close();
    }
  }
}
