package ttd.e2e;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A JDWP client at the level of packets, as a script driving ttd's vendor command set would be:
 * the handshake, commands built by hand, replies read back while the event packets the server
 * sends in between are skipped.
 */
final class RawJdwp implements AutoCloseable {

  /** A reply: its error code and data. */
  record Reply(int error, ByteBuffer data) {
    String string() {
      byte[] b = new byte[data.getInt()];
      data.get(b);
      return new String(b, StandardCharsets.UTF_8);
    }
  }

  private final Socket socket;
  private final DataInputStream in;
  private final DataOutputStream out;
  private int nextId = 1;

  RawJdwp(int port) throws IOException {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout((int) Exec.TIMEOUT.toMillis());
    in = new DataInputStream(socket.getInputStream());
    out = new DataOutputStream(socket.getOutputStream());
    byte[] hello = "JDWP-Handshake".getBytes(StandardCharsets.US_ASCII);
    out.write(hello);
    out.flush();
    byte[] answer = new byte[hello.length];
    in.readFully(answer);
    if (!new String(answer, StandardCharsets.US_ASCII).equals("JDWP-Handshake")) {
      throw new IOException("no JDWP handshake back");
    }
  }

  /** Sends command {@code set}/{@code command} with {@code data} and waits for its reply. */
  Reply send(int set, int command, byte[] data) throws IOException {
    int id = nextId++;
    out.writeInt(11 + data.length);
    out.writeInt(id);
    out.writeByte(0);
    out.writeByte(set);
    out.writeByte(command);
    out.write(data);
    out.flush();
    while (true) {
      int length = in.readInt();
      int got = in.readInt();
      int flags = in.readUnsignedByte();
      int error = in.readUnsignedShort();
      byte[] body = new byte[length - 11];
      in.readFully(body);
      if ((flags & 0x80) != 0 && got == id) {
        return new Reply(error, ByteBuffer.wrap(body));
      }
      // an event packet (a command from the server): not what this client waits for
    }
  }

  /** JDWP's string: length and UTF-8 bytes. */
  static byte[] string(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(4 + b.length).putInt(b.length).put(b).array();
  }

  static byte[] bytes(int... values) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int v : values) {
      b.write(v);
    }
    return b.toByteArray();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
