package ttd.debug.jdwp;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * JDWP's framing over one connection: the 14-byte handshake, then packets of a 4-byte length,
 * 4-byte id, flags byte and either set and command bytes or a 2-byte error code. Anything else on
 * the port (a port scanner, an HTTP request) is a {@link Garbage}, never a crash.
 */
final class Wire {

  static final byte[] HANDSHAKE = "JDWP-Handshake".getBytes(StandardCharsets.US_ASCII);
  /** Larger packets are not JDWP from any client (a RedefineClasses of 64 MiB would be). */
  static final int MAX_PACKET = 64 << 20;

  /** Bytes on the port that are not JDWP. */
  static final class Garbage extends IOException {
    private static final long serialVersionUID = 1L;

    Garbage(String message) {
      super(message);
    }
  }

  private final DataInputStream in;
  private final DataOutputStream out;

  Wire(InputStream in, OutputStream out) {
    this.in = new DataInputStream(in);
    this.out = new DataOutputStream(out);
  }

  /** The client's handshake, answered in kind; {@link Garbage} if the client sent something else. */
  void handshake() throws IOException {
    byte[] got = new byte[HANDSHAKE.length];
    int n = 0;
    while (n < got.length) {
      int r = in.read(got, n, got.length - n);
      if (r < 0) {
        throw new EOFException("the client closed the connection before the JDWP handshake");
      }
      for (int i = n; i < n + r; i++) {
        if (got[i] != HANDSHAKE[i]) {
          throw new Garbage("a client sent something that is not the JDWP handshake");
        }
      }
      n += r;
    }
    synchronized (out) {
      out.write(HANDSHAKE);
      out.flush();
    }
  }

  /** The next packet; {@link EOFException} at the end of the connection. */
  Packet read() throws IOException {
    int length = in.readInt();
    if (length < 11 || length > MAX_PACKET) {
      throw new Garbage("a packet of " + length + " bytes is not JDWP");
    }
    int id = in.readInt();
    int flags = in.readUnsignedByte();
    int a = in.readUnsignedByte();
    int b = in.readUnsignedByte();
    byte[] data = new byte[length - 11];
    in.readFully(data);
    if ((flags & Packet.REPLY) != 0) {
      return new Packet(id, flags, 0, 0, (a << 8) | b, data);
    }
    return new Packet(id, flags, a, b, 0, data);
  }

  /** Writes {@code p} whole; packets from several threads never interleave. */
  void write(Packet p) throws IOException {
    synchronized (out) {
      out.writeInt(11 + p.data().length);
      out.writeInt(p.id());
      out.writeByte(p.flags());
      if (p.isReply()) {
        out.writeShort(p.errorCode());
      } else {
        out.writeByte(p.commandSet());
        out.writeByte(p.command());
      }
      out.write(p.data());
      out.flush();
    }
  }

  /** Ends the connection from this side (the client sees it close; the read loop ends). */
  void hangUp() {
    try {
      synchronized (out) {
        out.flush();
        out.close();
      }
    } catch (IOException e) {
      // gone already
    }
  }
}
