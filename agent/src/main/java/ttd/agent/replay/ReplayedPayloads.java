package ttd.agent.replay;

import java.util.Arrays;
import ttd.agent.io.NativeMemory;
import ttd.agent.session.PayloadSink;
import ttd.agent.session.ShownBytes;
import ttd.agent.session.ThreadState;
import ttd.log.BlockDecoder;
import ttd.log.EventKind;

/**
 * Replayed payloads: reads get the recorded bytes and result, writes are compared byte for byte
 * with the recorded output. A payload larger than one event was logged as a first event and
 * {@link EventKind#PAYLOAD_MORE} chunks, which are put together here.
 */
final class ReplayedPayloads {

  private final EventReader events;

  ReplayedPayloads(EventReader events) {
    this.events = events;
  }

  /** A read into a Java array: the recorded bytes and result, in as many chunks as were logged. */
  int read(ThreadState t, byte[] b, int off, int len) {
    BlockDecoder e = events.next(t, EventKind.FILE_READ, 0);
    int recorded = recordedRead(t, e, len);
    for (int done = 0; ; ) {
      int n = e.bytesLength();
      e.copyBytes(0, b, off + done, n);
      done += n;
      if (done >= recorded) {
        return recorded;
      }
      e = nextChunk(t, done, recorded);
    }
  }

  /** A read into native memory (one buffer, or {@code iovcnt} iovecs at {@code address}). */
  int nativeRead(ThreadState t, long address, int len, int iovcnt) {
    BlockDecoder e = events.next(t, EventKind.FILE_READ, 0);
    int recorded = recordedRead(t, e, iovcnt > 0 ? NativeMemory.iovecLength(address, iovcnt) : len);
    for (int done = 0; ; ) {
      int n = e.bytesLength();
      NativeMemory.copy(address, iovcnt, done, e.block(), e.bytesOffset(), n, true);
      done += n;
      if (done >= recorded) {
        return recorded;
      }
      e = nextChunk(t, done, recorded);
    }
  }

  /** The result of the read {@code e} logged (stored as result + 2; 0 for a failed read). */
  private int recordedRead(ThreadState t, BlockDecoder e, long room) {
    int recorded = e.longValue() == 0 ? Integer.MIN_VALUE : (int) (e.longValue() - 2);
    if (recorded > room || e.bytesLength() > Math.max(recorded, 0)) {
      events.diverge(t, "a read of " + recorded + " bytes", "a read into room for " + room + " bytes");
    }
    return recorded;
  }

  /** The next chunk of a large read, of which {@code done} of {@code recorded} bytes are in. */
  private BlockDecoder nextChunk(ThreadState t, int done, int recorded) {
    BlockDecoder e = events.next(t, EventKind.PAYLOAD_MORE, 0);
    if (done + e.bytesLength() > recorded) {
      events.diverge(t, "more bytes than the read returned", "a read of " + recorded + " bytes");
    }
    return e;
  }

  /** A recorded value with a payload, handed chunk by chunk to {@code sink} (if any). */
  long data(ThreadState t, EventKind kind, PayloadSink sink) {
    BlockDecoder e = events.next(t, kind, 0);
    long recorded = e.longValue();
    byte[] data = e.bytes();
    for (int at = 0; sink != null && sink.chunk(recorded, data, at); ) {
      at += data.length;
      data = events.next(t, EventKind.PAYLOAD_MORE, 0).bytes();
    }
    return recorded;
  }

  /** An output: its place among the outputs and its bytes must be the recorded ones. */
  void output(ThreadState t, EventKind kind, long ordinal, byte[] b, int off, int len) {
    BlockDecoder e = events.next(t, kind, 0);
    if (e.longValue() != ordinal) {
      events.diverge(t, kind.description() + " as output #" + e.longValue(),
          "the same write as output #" + ordinal + " (outputs of threads came in another order)");
    }
    // a large write was recorded in chunks: compare chunk by chunk
    for (int done = 0; ; ) {
      byte[] recorded = e.bytes();
      int end = Math.min(len, done + EventKind.MAX_PAYLOAD);
      byte[] mine = Arrays.copyOfRange(b, off + done, off + end);
      if (!Arrays.equals(recorded, mine)) {
        String[] shown = ShownBytes.showDifference(recorded, mine);
        events.diverge(t, kind.description() + " of " + shown[0], kind.description() + " of " + shown[1]);
      }
      done = end;
      if (done >= len) {
        return;
      }
      e = events.next(t, EventKind.PAYLOAD_MORE, 0);
    }
  }
}
