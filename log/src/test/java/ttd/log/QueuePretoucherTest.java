package ttd.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import net.openhft.chronicle.bytes.MappedBytes;
import net.openhft.chronicle.bytes.MappedFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueuePretoucherTest {

  private static final long CHUNK = 1 << 20;
  private static final Path THREAD_STAT = Path.of("/proc/thread-self/stat");

  @TempDir Path dir;
  private MappedFile file;
  private MappedBytes appender;
  private final QueuePretoucher pretoucher = new QueuePretoucher();

  @BeforeEach
  void mapFile() throws IOException {
    file = MappedFile.of(new File(dir.toFile(), "queue.cq4"), CHUNK, CHUNK / 4, false);
    appender = MappedBytes.mappedBytes(file);
  }

  @AfterEach
  void release() {
    pretoucher.finish();
    appender.releaseLast();
    file.releaseLast();
  }

  @Test
  void keepsThePagesAheadOfTheAppenderFaultedInTheMappingItWritesThrough() throws Exception {
    assumeTrue(Files.isReadable(THREAD_STAT), "needs Linux's per-thread fault counts");
    byte[] page = new byte[4096];
    java.util.Arrays.fill(page, (byte) 7);
    writePages(8 * CHUNK, (int) (3 * CHUNK / page.length), page); // the copy's code warmed up
    MappedCopy.write(appender.writePosition(0), page, page.length);
    pretoucher.start();
    pretoucher.appended(file, page.length);
    awaitTouched(page.length + QueuePretoucher.AHEAD);

    int pages = (int) (QueuePretoucher.AHEAD / 2 / page.length); // across the 1 MiB chunks
    long touchedFaults = writePages(page.length, pages, page);
    long freshFaults = writePages(3 * QueuePretoucher.AHEAD, pages, page); // nothing touched there

    String faults = "faults for " + pages + " pages: " + touchedFaults + " touched, " + freshFaults + " not";
    assertTrue(freshFaults > pages / 8, faults);
    assertTrue(touchedFaults < pages / 32, faults);
  }

  @Test
  void neverChangesBytesTheAppenderWroteWhenItTouchesPagesAlreadyWritten() throws Exception {
    long end = 12 * CHUNK;
    pretoucher.start();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread writer =
        new Thread(
            () -> {
              try {
                for (long at = 0; at < end; at += 4) {
                  appender.writeInt(at, valueAt(at));
                  if (at % 8192 == 0) { // tells it a position up to 2 MiB behind the real one
                    pretoucher.appended(file, Math.max(0, at - (at * 31 % (2 << 20))));
                  }
                }
              } catch (Throwable e) {
                failure.set(e);
              }
            });
    writer.start();
    writer.join();
    pretoucher.finish();
    assertNull(failure.get());
    for (long at = 0; at < end; at += 4) {
      if (appender.readInt(at) != valueAt(at)) {
        throw new AssertionError("the int at " + at + " changed to " + appender.readInt(at));
      }
    }
  }

  @Test
  void givesBackEveryChunkAndTheFileWhenItStops() throws Exception {
    appender.writePosition(0).writeInt(1);
    int filesOwners = file.refCount();
    pretoucher.start();
    pretoucher.appended(file, CHUNK - 4096); // touching crosses into the next chunks
    awaitTouched(CHUNK - 4096 + QueuePretoucher.AHEAD);
    assertEquals(filesOwners + 1, file.refCount());

    pretoucher.finish();

    assertFalse(pretoucher.isAlive());
    assertEquals(filesOwners, file.refCount());
    assertEquals("refCount: " + filesOwners + ", 1, 0, 0, 0, 0", file.referenceCounts());
  }

  @Test
  void isADaemonOfTheRootThreadGroupSoNoProgramGroupListsIt() {
    assertTrue(pretoucher.isDaemon());
    assertNull(pretoucher.getThreadGroup().getParent());
  }

  @Test
  void aClosedWritersPretoucherHasStoppedAndLeftNoMappingOfTheQueueFile() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/maps")), "needs Linux's list of mappings");
    Path queue = dir.resolve("queue");
    TraceWriter w = new TraceWriter(queue);
    BlockEncoder events = new BlockEncoder(40 << 10);
    byte[] payload = new byte[32 << 10];
    new SplittableRandom(3).nextBytes(payload);
    for (int i = 0; i < 100; i++) { // 3.2 MiB: past the start of pretouching
      events.reset(i);
      events.putOutput(EventKind.FILE_READ, 0, i, payload, 0, payload.length);
      w.appendBlock(0, i, events.count(), events.buffer(), events.size());
    }
    QueuePretoucher started = w.pretoucher();
    assertTrue(started != null && started.isAlive());
    assertTrue(mappings(queue) > 0);

    w.close();

    assertFalse(started.isAlive());
    assertEquals(0, mappings(queue));
  }

  @Test
  void aSmallLogStartsNoPretoucher() {
    try (TraceWriter w = new TraceWriter(dir.resolve("queue"))) {
      BlockEncoder events = new BlockEncoder(64);
      events.reset(0);
      events.putLong(EventKind.CLOCK_NANOS, 1, 77);
      w.appendBlock(0, 0, events.count(), events.buffer(), events.size());
      assertNull(w.pretoucher());
    }
  }

  /** Copies {@code count} pages from {@code position} as the recorder does; the faults it took. */
  private long writePages(long position, int count, byte[] page) throws IOException {
    appender.writePosition(position);
    long before = minorFaults();
    for (int i = 0; i < count; i++) {
      MappedCopy.write(appender, page, page.length);
    }
    return minorFaults() - before;
  }

  private static int valueAt(long at) {
    return (int) (at * 0x9E3779B97F4A7C15L >>> 32) | 1; // never 0, so a touch must not match it
  }

  private void awaitTouched(long position) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (pretoucher.touched() < position && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertTrue(pretoucher.touched() >= position, "touched only up to " + pretoucher.touched());
  }

  private static long minorFaults() throws IOException {
    String stat = Files.readString(THREAD_STAT);
    return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[7]);
  }

  private static long mappings(Path queue) throws IOException {
    String dir = queue.toRealPath().toString();
    return Files.readAllLines(Path.of("/proc/self/maps")).stream().filter(l -> l.contains(dir)).count();
  }
}
