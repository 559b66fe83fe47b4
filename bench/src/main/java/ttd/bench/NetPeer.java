package ttd.bench;

import java.io.IOException;

/**
 * The other end of a networked workload, run in the harness's own JVM while the child runs plain
 * or recorded (never while it replays: a replay talks to nobody). The child prints {@code
 * listening on <port>} first; the harness then hands the port to the peer.
 */
interface NetPeer {

  /** Talks to the child at {@code port} on loopback until the child has had its work. */
  void talkTo(int port) throws IOException;

  /** Bytes that crossed the connection(s) in one run, both ways: the payload the log carries. */
  long payloadBytes();
}
