package ttd.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.SplittableRandom;

/** Streams {@link SocketReadWorkload#BYTES} of fixed pseudo-random bytes into the child, then closes. */
final class ByteSourcePeer implements NetPeer {

  private final long bytes;

  ByteSourcePeer(long bytes) {
    this.bytes = bytes;
  }

  @Override
  public void talkTo(int port) throws IOException {
    byte[] block = new byte[64 << 10];
    new SplittableRandom(42).nextBytes(block);
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
        OutputStream out = s.getOutputStream()) {
      for (long done = 0; done < bytes; done += block.length) {
        out.write(block, 0, (int) Math.min(block.length, bytes - done));
      }
    }
  }

  @Override
  public long payloadBytes() {
    return bytes;
  }
}
