package ttd.debug.jdwp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads the data of a command in JDWP's types (big-endian; every id 8 bytes, as {@code
 * VirtualMachine.IDSizes} answers). Running past the end is the client's error: {@link
 * JdwpError} {@code ILLEGAL_ARGUMENT}, never an exception that ends the connection.
 */
final class PacketIn {

  private final ByteBuffer b;

  PacketIn(byte[] data) {
    this.b = ByteBuffer.wrap(data);
  }

  private void need(int n) {
    if (b.remaining() < n) {
      throw new JdwpError(JdwpError.ILLEGAL_ARGUMENT);
    }
  }

  int readByte() {
    need(1);
    return b.get();
  }

  boolean readBoolean() {
    return readByte() != 0;
  }

  int readInt() {
    need(4);
    return b.getInt();
  }

  long readLong() {
    need(8);
    return b.getLong();
  }

  short readShort() {
    need(2);
    return b.getShort();
  }

  char readChar() {
    need(2);
    return b.getChar();
  }

  float readFloat() {
    need(4);
    return b.getFloat();
  }

  double readDouble() {
    need(8);
    return b.getDouble();
  }

  /** Any id: objectID, referenceTypeID, methodID, fieldID, frameID. */
  long readId() {
    return readLong();
  }

  String readString() {
    int n = readInt();
    if (n < 0) {
      throw new JdwpError(JdwpError.ILLEGAL_ARGUMENT);
    }
    need(n);
    byte[] s = new byte[n];
    b.get(s);
    return new String(s, StandardCharsets.UTF_8);
  }

  /** A location: type tag, class id, method id, code index. */
  Loc readLocation() {
    int tag = readByte();
    return new Loc(tag, readId(), readId(), readLong());
  }

  int remaining() {
    return b.remaining();
  }

  /** A location as the wire carries it. */
  record Loc(int typeTag, long classId, long methodId, long index) {}
}
