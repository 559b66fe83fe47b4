package ttd.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceWriterReaderTest {

  @TempDir Path dir;

  @Test
  void readsBackEveryDocumentInOrder() {
    BlockEncoder enc = new BlockEncoder(64);
    enc.reset(0);
    enc.putLong(EventKind.CLOCK_NANOS, 1, 77);
    try (TraceWriter w = new TraceWriter(dir)) {
      w.appendSite(1, "shop.Cart.add(Cart.java:42)");
      w.appendThread(0, "main");
      w.appendBlock(0, 0, enc.count(), enc.buffer(), enc.size());
      w.appendClass("shop.Cart", 0xCAFE);
      w.appendEnd(3, "exit");
      assertEquals(5, w.documents());
    }
    try (TraceReader r = new TraceReader(dir)) {
      TraceDocument site = r.next();
      assertEquals(TraceFormat.DOC_SITE, site.type());
      assertEquals(1, site.intValue());
      assertEquals("shop.Cart.add(Cart.java:42)", site.name());
      assertEquals("main", r.next().name());
      TraceDocument block = r.next();
      assertEquals(TraceFormat.DOC_BLOCK, block.type());
      assertEquals(1, block.blockCount());
      BlockDecoder events = block.blockEvents();
      assertTrue(events.next());
      assertEquals(77, events.longValue());
      TraceDocument cls = r.next();
      assertEquals(0xCAFE, cls.intValue());
      TraceDocument end = r.next();
      assertEquals(3, end.intValue());
      assertEquals("exit", end.name());
      assertNull(r.next());
    }
  }

  @Test
  void aPathChunkReadsBackWithItsThreadAndRecordsBesideBlocks() {
    PathEncoder path = new PathEncoder(64, id -> "shop/Cart.add()V\tCart.java\t42");
    path.id(PathEncoder.CALL, 3);
    path.count(PathEncoder.LOOP, 2);
    path.close();
    BlockEncoder enc = new BlockEncoder(64);
    enc.reset(0);
    enc.putLong(EventKind.CLOCK_NANOS, 1, 77);
    try (TraceWriter w = new TraceWriter(dir)) {
      w.appendPath(4, path.buffer(), path.size());
      w.appendBlock(4, 0, enc.count(), enc.buffer(), enc.size());
    }
    try (TraceReader r = new TraceReader(dir)) {
      TraceDocument chunk = r.next();
      assertEquals(TraceFormat.DOC_PATH, chunk.type());
      assertEquals(4, chunk.pathThread());
      PathDecoder records = chunk.pathRecords();
      assertTrue(records.next());
      assertEquals(PathEncoder.DEFINE, records.tag());
      assertEquals("shop/Cart.add()V\tCart.java\t42", records.name());
      assertTrue(records.next());
      assertEquals(PathEncoder.CALL, records.tag());
      assertEquals(3, records.value());
      assertTrue(records.next());
      assertEquals(PathEncoder.LOOP, records.tag());
      assertEquals(2, records.value());
      assertEquals(false, records.next());
      assertEquals(TraceFormat.DOC_BLOCK, r.next().type());
      assertNull(r.next());
    }
  }

  @Test
  void anOrderDocumentReadsBackItsThreadAndRuns() {
    try (TraceWriter w = new TraceWriter(dir)) {
      w.appendOrder(2, new long[] {0, -1, 1, 40, 5, 90, 99, 99}, 3);
    }
    try (TraceReader r = new TraceReader(dir)) {
      TraceDocument d = r.next();
      assertEquals(TraceFormat.DOC_ORDER, d.type());
      assertEquals(2, d.orderThread());
      assertEquals(java.util.List.of(0L, -1L, 1L, 40L, 5L, 90L), java.util.Arrays.stream(d.orderRuns()).boxed().toList());
      assertNull(r.next());
    }
  }

  @Test
  void aReaderSkipsTheDocumentsItDoesNotWantAndReadsTheRestInOrder() {
    PathEncoder path = new PathEncoder(64, id -> "m");
    path.count(PathEncoder.LOOP, 1);
    path.close();
    try (TraceWriter w = new TraceWriter(dir)) {
      w.appendThread(0, "main");
      for (int i = 0; i < 10; i++) {
        w.appendPath(i % 2, path.buffer(), path.size());
      }
      w.appendEnd(0, "exit");
    }
    try (TraceReader r = new TraceReader(dir)) {
      TraceReader.Skip otherThreadsPaths = (type, first) -> type == TraceFormat.DOC_PATH && first != 1;
      assertEquals(TraceFormat.DOC_THREAD, r.next(otherThreadsPaths).type());
      for (int i = 0; i < 5; i++) {
        TraceDocument d = r.next(otherThreadsPaths);
        assertEquals(TraceFormat.DOC_PATH, d.type());
        assertEquals(1, d.pathThread());
        assertEquals(2 + 2 * i, d.sequence());
      }
      assertEquals(TraceFormat.DOC_END, r.next(otherThreadsPaths).type());
      assertNull(r.next(otherThreadsPaths));
    }
  }

  @Test
  void largeBlocksReadBackExactlyAcrossTheQueuesMappedChunks() {
    int blocks = 300; // 300 blocks of 64 KiB: past the first 16 MiB chunk of the queue file
    BlockEncoder enc = new BlockEncoder(64 << 10);
    byte[] payload = new byte[64 << 10];
    try (TraceWriter w = new TraceWriter(dir)) {
      for (int i = 0; i < blocks; i++) {
        java.util.Arrays.fill(payload, (byte) i);
        payload[0] = (byte) ~i;
        enc.reset(i);
        enc.putOutput(EventKind.FILE_READ, 0, i, payload, 0, payload.length);
        w.appendBlock(0, i, enc.count(), enc.buffer(), enc.size());
      }
    }
    try (TraceReader r = new TraceReader(dir)) {
      for (int i = 0; i < blocks; i++) {
        BlockDecoder events = r.next().blockEvents();
        assertTrue(events.next());
        assertEquals(i, events.longValue());
        byte[] b = events.bytes();
        assertEquals(payload.length, b.length);
        assertEquals((byte) ~i, b[0]);
        assertEquals((byte) i, b[1]);
        assertEquals((byte) i, b[b.length - 1]);
      }
      assertNull(r.next());
    }
  }

  @Test
  void reportsAFlippedByteAsDamageNamingTheDocument() throws IOException {
    try (TraceWriter w = new TraceWriter(dir)) {
      for (int i = 0; i < 20; i++) {
        w.appendThread(i, "worker-with-a-recognisable-name-" + i);
      }
    }
    Path cq4 = queueFile();
    byte[] all = Files.readAllBytes(cq4);
    int at = indexOf(all, "worker-with-a-recognisable-name-7".getBytes(StandardCharsets.UTF_8));
    assertTrue(at > 0);
    try (RandomAccessFile f = new RandomAccessFile(cq4.toFile(), "rw")) {
      f.seek(at + 3);
      f.write('X');
    }
    try (TraceReader r = new TraceReader(dir)) {
      BadRecordingException e =
          assertThrows(
              BadRecordingException.class,
              () -> {
                while (r.next() != null) {
                  // read until the damage
                }
              });
      assertTrue(e.getMessage().contains("document 7 fails its checksum"), e.getMessage());
    }
  }

  private Path queueFile() throws IOException {
    try (var files = Files.list(dir)) {
      return files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
    }
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
