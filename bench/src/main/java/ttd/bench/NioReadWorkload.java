package ttd.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Paths;

/**
 * The NIO twin of {@link FileReadWorkload}: the same file read through {@code FileChannel} into
 * an 8 KiB heap buffer (the JDK reads into a temporary direct buffer, which is where ttd's hook
 * copies the bytes from), so both ways into a file are measured side by side.
 */
public final class NioReadWorkload {

  private NioReadWorkload() {}

  public static void main(String[] args) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(FileReadWorkload.CHUNK);
    long sum = 0;
    long reads = 0;
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpuStart = mx.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    try (FileChannel ch = FileChannel.open(Paths.get(args[0]))) {
      int n;
      while ((n = ch.read(buf)) > 0) {
        sum += buf.get(0) + buf.get(n - 1);
        reads++;
        buf.clear();
      }
    }
    long end = System.nanoTime();
    long cpu = mx.getCurrentThreadCpuTime() - cpuStart;
    System.out.println(ClockLoopWorkload.LOOP_KEY + " " + (end - start));
    System.out.println(LockWorkload.CPU_KEY + " " + cpu);
    System.out.println("reads " + reads + " checksum " + Long.toHexString(sum));
  }
}
