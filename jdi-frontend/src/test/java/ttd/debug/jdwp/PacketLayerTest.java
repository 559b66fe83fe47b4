package ttd.debug.jdwp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The wire layer: packets, their fields in the specification's encodings, the handshake, garbage. */
class PacketLayerTest {

  @Test
  void whatPacketOutWritesPacketInReadsBackInTheSpecificationsByteOrder() {
    byte[] data = new PacketOut().writeByte(7).writeBoolean(true).writeInt(-2).writeLong(1L << 40).writeShort(-3)
        .writeChar('é').writeFloat(1.5f).writeDouble(-0.25).writeId(42).writeString("naïve").writeLocation(1, 2, 3, 4).bytes();
    PacketIn in = new PacketIn(data);
    assertEquals(7, in.readByte());
    assertTrue(in.readBoolean());
    assertEquals(-2, in.readInt());
    assertEquals(1L << 40, in.readLong());
    assertEquals(-3, in.readShort());
    assertEquals('é', in.readChar());
    assertEquals(1.5f, in.readFloat());
    assertEquals(-0.25, in.readDouble());
    assertEquals(42, in.readId());
    assertEquals("naïve", in.readString());
    assertEquals(new PacketIn.Loc(1, 2, 3, 4), in.readLocation());
    assertEquals(0, in.remaining());
    assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, 42}, new PacketOut().writeId(42).bytes(), "ids are 8 bytes, big-endian");
    assertArrayEquals(new byte[] {0, 0, 0, 2, 'o', 'k'}, new PacketOut().writeString("ok").bytes(), "a string is its UTF-8 length, then its bytes");
  }

  @Test
  void aCommandShorterThanItsLayoutIsAnIllegalArgumentNotACrash() {
    JdwpError e = assertThrows(JdwpError.class, () -> new PacketIn(new byte[] {0, 0, 0}).readInt());
    assertEquals(JdwpError.ILLEGAL_ARGUMENT, e.code);
    JdwpError s = assertThrows(JdwpError.class, () -> new PacketIn(new byte[] {0, 0, 0, 9, 'a'}).readString());
    assertEquals(JdwpError.ILLEGAL_ARGUMENT, s.code);
  }

  @Test
  void theWireAnswersTheHandshakeAndFramesCommandsAndReplies() throws IOException {
    ByteArrayOutputStream client = new ByteArrayOutputStream();
    DataOutputStream c = new DataOutputStream(client);
    c.write("JDWP-Handshake".getBytes(StandardCharsets.US_ASCII));
    c.writeInt(11 + 3);
    c.writeInt(5);
    c.writeByte(0);
    c.writeByte(1);
    c.writeByte(9);
    c.write(new byte[] {1, 2, 3});
    ByteArrayOutputStream server = new ByteArrayOutputStream();
    Wire wire = new Wire(new ByteArrayInputStream(client.toByteArray()), server);
    wire.handshake();
    Packet p = wire.read();
    assertEquals(5, p.id());
    assertEquals(JdwpCommandTable.key(1, 9), p.key());
    assertArrayEquals(new byte[] {1, 2, 3}, p.data());
    wire.write(Packet.reply(5, JdwpError.NOT_IMPLEMENTED, new byte[] {4}));
    byte[] out = server.toByteArray();
    assertEquals("JDWP-Handshake", new String(out, 0, 14, StandardCharsets.US_ASCII));
    assertArrayEquals(new byte[] {0, 0, 0, 12, 0, 0, 0, 5, (byte) 0x80, 0, 99, 4}, java.util.Arrays.copyOfRange(out, 14, out.length));
    assertThrows(EOFException.class, wire::read, "the end of the connection");
  }

  @Test
  void anHttpRequestOrAnImpossibleLengthIsGarbage() throws IOException {
    Wire http = new Wire(new ByteArrayInputStream("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)), new ByteArrayOutputStream());
    assertThrows(Wire.Garbage.class, http::handshake);
    byte[] huge = new byte[] {0x7f, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1};
    Wire wire = new Wire(new ByteArrayInputStream(huge), new ByteArrayOutputStream());
    assertThrows(Wire.Garbage.class, wire::read);
    Wire tiny = new Wire(new ByteArrayInputStream(new byte[] {0, 0, 0, 3}), new ByteArrayOutputStream());
    assertThrows(Wire.Garbage.class, tiny::read);
  }
}
