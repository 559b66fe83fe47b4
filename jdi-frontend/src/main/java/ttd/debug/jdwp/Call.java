package ttd.debug.jdwp;

/** One command being answered: its data, the reply being written, and the client's connection. */
record Call(Client client, PacketIn in, PacketOut out) {

  Ids ids() {
    return client.ids();
  }

  TaggedValues values() {
    return client.values();
  }
}
