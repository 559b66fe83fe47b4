package ttd.agent.record;

import ttd.agent.identity.HashState;
import ttd.agent.io.NativeMemory;
import ttd.agent.path.PathRecorder;
import ttd.agent.session.ProgramRun;
import ttd.agent.session.ThreadState;
import ttd.log.BlockEncoder;
import ttd.log.EventKind;

/**
 * Each recorded thread's private block of events, and when it goes to the queue: when it fills
 * up, after an event a person or a crash report must find in the log, when the thread ends, and
 * for a thread blocked in I/O, by the thread that ends the recording. Payloads larger than one
 * event are split into {@link EventKind#PAYLOAD_MORE} events here.
 */
final class ThreadBlocks {

  private static final int FLUSH_BYTES = 32 << 10;
  /**
   * A new thread's block starts this small and grows as its events need: most threads log a few
   * dozen bytes before they end. Made at {@code FLUSH_BYTES} each, the blocks of 10 000 virtual
   * threads alive at once held 330 MB, which every young collection of the recording copied.
   */
  private static final int FIRST_BYTES = 512;

  private final RecordLog log;
  private final EventOrder order;
  private final ProgramRun run;
  private final RecordStop stop;

  /** {@code run} says whether the recording still goes on, {@code stop} stops it if the log fails. */
  ThreadBlocks(RecordLog log, EventOrder order, ProgramRun run, RecordStop stop) {
    this.log = log;
    this.order = order;
    this.run = run;
    this.stop = stop;
  }

  /** A new thread's block; it grows as events need, and keeps its size once it has grown. */
  static BlockEncoder newBlock() {
    return new BlockEncoder(FIRST_BYTES);
  }

  /** An event with a payload, split into {@link EventKind#PAYLOAD_MORE} events if it is large. */
  void payload(ThreadState t, EventKind kind, long value, byte[] b, int off, int len) {
    int first = Math.min(len, EventKind.MAX_PAYLOAD);
    RecordedThread.of(t).encoder.putOutput(kind, 0, value, b, off, first);
    appended(t, kind);
    for (int done = first; done < len; done += EventKind.MAX_PAYLOAD) {
      RecordedThread.of(t).encoder.putOutput(EventKind.PAYLOAD_MORE, 0, 0, b, off + done, Math.min(len - done, EventKind.MAX_PAYLOAD));
      appended(t, EventKind.PAYLOAD_MORE);
    }
  }

  /** As {@link #payload}, copying the bytes from native memory straight into the block. */
  void nativePayload(
      ThreadState t, EventKind kind, long value, long address, int iovcnt, int len) {
    int done = 0;
    do {
      int n = Math.min(len - done, EventKind.MAX_PAYLOAD);
      EventKind k = done == 0 ? kind : EventKind.PAYLOAD_MORE;
      int at = RecordedThread.of(t).encoder.reserveOutput(k, 0, done == 0 ? value : 0, n);
      NativeMemory.copy(address, iovcnt, done, RecordedThread.of(t).encoder.buffer(), at, n, false);
      appended(t, k);
      done += n;
    } while (done < len);
  }

  /** Counts the event just put into the thread's block, and sends the block on when it is due. */
  void appended(ThreadState t, EventKind kind) {
    order.event(t, kind);
    t.counted();
    if (t.path != null) {
      t.path.event();
    }
    if (RecordedThread.of(t).encoder.size() >= FLUSH_BYTES
        || kind == EventKind.UNCAUGHT_EXCEPTION
        || kind == EventKind.UNCAPTURED_INPUT) {
      flush(t);
    }
  }

  /** Sends the thread's block to the log (on the thread itself, inside its hash bracket). */
  void flush(ThreadState t) {
    if (run.active()) {
      send(t, t.blockHash());
    }
  }

  /** Writes a chunk of a thread's path (see {@link PathRecorder}), while the recording goes on. */
  void path(int ordinal, byte[] records, int length) {
    if (run.active()) {
      try {
        log.path(ordinal, records, length);
      } catch (Throwable e) {
        stop.fail(e);
      }
    }
  }

  /** Flushes the block of another thread, blocked in I/O (so not touching it) as the JVM exits. */
  void flushBlocked(ThreadState blocked) {
    if (run.active() && RecordedThread.of(blocked).encoder.count() > 0) {
      send(blocked, new int[4]);
    }
  }

  /** Writes {@code owner}'s block; the calling thread's hash state is kept in {@code keep} meanwhile. */
  private void send(ThreadState owner, int[] keep) {
    boolean bracket = HashState.available();
    if (bracket) {
      HashState.save(keep);
    }
    try {
      RecordedThread own = RecordedThread.of(owner);
      log.block(owner.ordinal(), own.encoder, own.order);
      own.encoder.reset(owner.index());
      if (owner.path != null) {
        ((PathRecorder) owner.path).flush();
      }
    } catch (Throwable e) {
      stop.fail(e);
    } finally {
      if (bracket) {
        HashState.write(keep);
      }
    }
  }
}
