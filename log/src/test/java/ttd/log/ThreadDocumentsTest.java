package ttd.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadDocumentsTest {

  private static final int THREADS = 300;
  private static final int ROUNDS = 4;

  @TempDir Path dir;

  /**
   * Threads whose blocks, order documents and path chunks interleave in the log, as thousands of
   * replaying threads read them: each reads its own, in log order, and nothing past its last.
   */
  @Test
  void eachThreadReadsItsOwnDocumentsInLogOrderAndNoOtherThreads() throws IOException {
    Path rec = OwnerOnly.createDirectory(dir.resolve("rec"));
    Path queue = OwnerOnly.createDirectory(rec.resolve(TraceFormat.QUEUE_DIR));
    RecordingMetadata m = new RecordingMetadata();
    m.put("format.version", Integer.toString(TraceFormat.VERSION));
    m.put("status", RecordingMetadata.STATUS_COMPLETE);
    m.put(TraceFormat.RECORDING_ID, "run-1");
    m.store(rec);
    BlockEncoder enc = new BlockEncoder(64);
    try (TraceWriter w = new TraceWriter(queue)) {
      w.appendRecording("run-1");
      w.appendSite(7, "Main.main");
      for (int round = 0; round < ROUNDS; round++) {
        for (int t = 0; t < THREADS; t++) {
          enc.reset(round);
          enc.putLong(EventKind.CLOCK_NANOS, 7, t * 1000L + round);
          w.appendOrder(t, new long[] {round, t * 10L + round}, 1);
          w.appendBlock(t, round, enc.count(), enc.buffer(), enc.size());
          byte[] path = {(byte) t, (byte) round};
          w.appendPath(t, path, path.length);
        }
      }
      w.appendEnd(0, "exit");
    }
    try (ThreadDocuments docs = RecordingScan.indexed(rec).documents()) {
      assertEquals("Main.main", docs.sites().get(7));
      for (int t = THREADS - 1; t >= 0; t--) {
        for (int round = 0; round < ROUNDS; round++) {
          TraceDocument order = docs.event(t, 2 * round);
          assertEquals(TraceFormat.DOC_ORDER, order.type());
          assertEquals(t * 10L + round, order.orderRuns()[1]);
          TraceDocument block = docs.event(t, 2 * round + 1);
          assertEquals(t, block.blockThread());
          BlockDecoder events = block.blockEvents();
          events.next();
          assertEquals(t * 1000L + round, events.longValue());
          assertEquals(t, docs.path(t, round).pathThread());
        }
        assertNull(docs.event(t, 2 * ROUNDS), "thread " + t + " has no more");
        assertNull(docs.path(t, ROUNDS));
      }
      assertNull(docs.event(THREADS, 0), "a thread the recording never saw has none");
    }
  }
}
