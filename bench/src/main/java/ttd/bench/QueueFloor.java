package ttd.bench;

import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import ttd.log.BlockEncoder;
import ttd.log.EventKind;
import ttd.log.TraceWriter;

/**
 * The floor under the recording of a read-heavy program: what it costs this machine just to store
 * 200 MB, measured without the agent, in three ways, each into a new file:
 *
 * <ul>
 *   <li>{@code write}: 8 KiB {@code write} calls (the page cache without mapping);
 *   <li>{@code mmap}: 8 KiB copies into a file mapped 16 MiB at a time (first touch of every page
 *       of a new mapped file: a page fault, zeroing, the file system's block reservation);
 *   <li>{@code log}: 8 KiB read events packed four to a 32 KiB block and appended with ttd's own
 *       {@link TraceWriter} (Chronicle Queue), as a recording does, without any hook.
 * </ul>
 *
 * <p>Each prints its wall time and the thread's CPU time (user and system) per 8 KiB; the CPU time
 * says more on a shared machine. Run it (the queue needs the same JDK access the tool gets):
 *
 * <pre>
 * mvn -o -q dependency:build-classpath -pl bench -Dmdep.outputFile=/tmp/cp.txt
 * java --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.lang.reflect=ALL-UNNAMED \
 *   --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
 *   --add-exports java.base/jdk.internal.ref=ALL-UNNAMED --add-exports java.base/sun.nio.ch=ALL-UNNAMED \
 *   --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *   -cp bench/target/classes:$(cat /tmp/cp.txt) ttd.bench.QueueFloor /tmp/floor-dir
 * </pre>
 */
public final class QueueFloor {

  private static final long TOTAL = 200L << 20;
  private static final int CHUNK = FileReadWorkload.CHUNK;
  private static final int MAP_BYTES = 16 << 20;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private QueueFloor() {}

  public static void main(String[] args) throws IOException {
    Path root = Path.of(args.length > 0 ? args[0] : "ttd-queue-floor");
    byte[] data = new byte[CHUNK];
    new java.util.SplittableRandom(42).nextBytes(data);
    for (String way : new String[] {"write", "mmap", "log"}) {
      Path dir = Files.createDirectories(root.resolve(way));
      Stopwatch t = new Stopwatch();
      switch (way) {
        case "write" -> write(dir, data, t);
        case "mmap" -> map(dir, data, t);
        default -> log(dir, data, t);
      }
      long wall = t.wall;
      long cpu = t.cpu;
      long calls = TOTAL / CHUNK;
      System.out.printf(
          "%-5s 200 MB: wall %4d ms (%5d ns per 8 KB), thread cpu %4d ms (%5d ns per 8 KB)%n",
          way, wall / 1_000_000, wall / calls, cpu / 1_000_000, cpu / calls);
      RoundRunner.delete(dir);
    }
  }

  /** Times the loop alone: opening a queue costs Chronicle's start-up, which is not the floor. */
  private static final class Stopwatch {
    long wall;
    long cpu;

    void start() {
      cpu = THREADS.getCurrentThreadCpuTime();
      wall = System.nanoTime();
    }

    void stop() {
      wall = System.nanoTime() - wall;
      cpu = THREADS.getCurrentThreadCpuTime() - cpu;
    }
  }

  private static void write(Path dir, byte[] data, Stopwatch t) throws IOException {
    try (FileOutputStream out = new FileOutputStream(dir.resolve("data").toFile())) {
      t.start();
      for (long done = 0; done < TOTAL; done += CHUNK) {
        out.write(data);
      }
      t.stop();
    }
  }

  private static void map(Path dir, byte[] data, Stopwatch t) throws IOException {
    try (FileChannel ch =
        FileChannel.open(
            dir.resolve("data"), StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      t.start();
      for (long at = 0; at < TOTAL; at += MAP_BYTES) {
        MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_WRITE, at, MAP_BYTES);
        for (int i = 0; i < MAP_BYTES / CHUNK; i++) {
          m.put(data);
        }
      }
      t.stop();
    }
  }

  private static void log(Path dir, byte[] data, Stopwatch t) {
    BlockEncoder events = new BlockEncoder(4 * CHUNK + 64);
    long index = 0;
    try (TraceWriter w = new TraceWriter(dir)) {
      t.start();
      for (long done = 0; done < TOTAL; done += 4 * CHUNK) {
        events.reset(index);
        for (int i = 0; i < 4; i++) {
          events.putOutput(EventKind.FILE_READ, 0, CHUNK + 2, data, 0, CHUNK);
        }
        w.appendBlock(0, index, events.count(), events.buffer(), events.size());
        index += 4;
      }
      t.stop();
    }
  }
}
