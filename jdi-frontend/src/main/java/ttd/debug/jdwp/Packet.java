package ttd.debug.jdwp;

/**
 * One JDWP packet (specification, "JDWP Packets"): a command (set, command, data) or the reply to
 * one (error code, data), matched by id. The 11-byte header is written and read by {@link Wire}.
 */
record Packet(int id, int flags, int commandSet, int command, int errorCode, byte[] data) {

  static final int REPLY = 0x80;

  static Packet command(int id, int commandSet, int command, byte[] data) {
    return new Packet(id, 0, commandSet, command, 0, data);
  }

  static Packet reply(int id, int errorCode, byte[] data) {
    return new Packet(id, REPLY, 0, 0, errorCode, data);
  }

  boolean isReply() {
    return (flags & REPLY) != 0;
  }

  /** The table key of a command: set and command in one int. */
  int key() {
    return JdwpCommandTable.key(commandSet, command);
  }
}
