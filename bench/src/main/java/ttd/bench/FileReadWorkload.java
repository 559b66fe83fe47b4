package ttd.bench;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The file-reading child workload: a file (200 MB by default, written by the harness beforehand)
 * read through {@code FileInputStream} in 8 KiB chunks, each read a captured event whose payload is
 * logged. It times its own loop ({@code loop-ns}), and the reading thread's CPU time in it ({@code
 * cpu-ns}, which load on the machine disturbs least), and prints a checksum of what it read.
 */
public final class FileReadWorkload {

  /** Bytes per read call. */
  public static final int CHUNK = 8192;

  private FileReadWorkload() {}

  public static void main(String[] args) throws IOException {
    byte[] buf = new byte[CHUNK];
    long sum = 0;
    long reads = 0;
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpuStart = mx.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    try (FileInputStream in = new FileInputStream(args[0])) {
      int n;
      while ((n = in.read(buf)) > 0) {
        sum += buf[0] + buf[n - 1];
        reads++;
      }
    }
    long end = System.nanoTime();
    long cpu = mx.getCurrentThreadCpuTime() - cpuStart;
    System.out.println(ClockLoopWorkload.LOOP_KEY + " " + (end - start));
    System.out.println(LockWorkload.CPU_KEY + " " + cpu);
    System.out.println("reads " + reads + " checksum " + Long.toHexString(sum));
  }

  /** Writes the input file the child reads (outside any measured run). */
  static void writeInput(Path file, long bytes) throws IOException {
    SplittableRandom random = new SplittableRandom(42);
    byte[] block = new byte[1 << 20];
    try (OutputStream out = Files.newOutputStream(file)) {
      for (long done = 0; done < bytes; done += block.length) {
        random.nextBytes(block);
        out.write(block, 0, (int) Math.min(block.length, bytes - done));
      }
    }
  }
}
