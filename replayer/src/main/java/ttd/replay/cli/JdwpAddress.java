package ttd.replay.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Whether a {@code --jdwp [HOST:]PORT} listens on the loopback interface only. */
final class JdwpAddress {

  private JdwpAddress() {}

  /**
   * A bare port listens on 127.0.0.1; a host listens wherever it resolves to. A host that does not
   * resolve counts as reachable from the network (the JVM will refuse it anyway).
   */
  static boolean isLoopback(String jdwp) {
    int colon = jdwp.lastIndexOf(':');
    if (colon < 0) {
      return true;
    }
    String host = jdwp.substring(0, colon);
    try {
      for (InetAddress a : InetAddress.getAllByName(host)) {
        if (!a.isLoopbackAddress()) {
          return false;
        }
      }
      return true;
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
