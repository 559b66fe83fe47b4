package ttd.debug.jdwp;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Writes the data of a reply or an event in JDWP's types (big-endian, 8-byte ids). */
final class PacketOut {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
  private final DataOutputStream out = new DataOutputStream(bytes);

  private interface Write {
    void run() throws IOException;
  }

  private PacketOut write(Write w) {
    try {
      w.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return this;
  }

  PacketOut writeByte(int v) {
    return write(() -> out.writeByte(v));
  }

  PacketOut writeBoolean(boolean v) {
    return writeByte(v ? 1 : 0);
  }

  PacketOut writeInt(int v) {
    return write(() -> out.writeInt(v));
  }

  PacketOut writeLong(long v) {
    return write(() -> out.writeLong(v));
  }

  PacketOut writeShort(int v) {
    return write(() -> out.writeShort(v));
  }

  PacketOut writeChar(char v) {
    return write(() -> out.writeChar(v));
  }

  PacketOut writeFloat(float v) {
    return write(() -> out.writeFloat(v));
  }

  PacketOut writeDouble(double v) {
    return write(() -> out.writeDouble(v));
  }

  PacketOut writeId(long id) {
    return writeLong(id);
  }

  PacketOut writeString(String s) {
    byte[] utf = s.getBytes(StandardCharsets.UTF_8);
    return write(() -> {
      out.writeInt(utf.length);
      out.write(utf);
    });
  }

  PacketOut writeBytes(byte[] b) {
    return write(() -> out.write(b));
  }

  PacketOut writeLocation(int typeTag, long classId, long methodId, long index) {
    return writeByte(typeTag).writeId(classId).writeId(methodId).writeLong(index);
  }

  byte[] bytes() {
    return bytes.toByteArray();
  }
}
