package ttd.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * The socket-reading child workload: accepts one loopback connection ({@link ByteSourcePeer}
 * streams into it) and reads it to the end through {@code Socket}'s input stream in 8 KiB reads,
 * each a captured socket read whose bytes are logged. It times its loop ({@code loop-ns}) and
 * prints how many reads it made and a checksum.
 */
public final class SocketReadWorkload {

  /** Bytes streamed per run. */
  public static final long BYTES = 100L << 20;

  private SocketReadWorkload() {}

  public static void main(String[] args) throws IOException {
    byte[] buf = new byte[FileReadWorkload.CHUNK];
    long sum = 0;
    long reads = 0;
    long start;
    long end;
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      System.out.println("listening on " + server.getLocalPort());
      System.out.flush();
      try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
        start = System.nanoTime();
        int n;
        while ((n = in.read(buf)) > 0) {
          sum += buf[0] + buf[n - 1];
          reads++;
        }
        end = System.nanoTime();
      }
    }
    System.out.println(ClockLoopWorkload.LOOP_KEY + " " + (end - start));
    System.out.println("reads " + reads + " checksum " + Long.toHexString(sum));
  }
}
