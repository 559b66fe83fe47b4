package ttd.e2e;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A network namespace with no network (util-linux {@code unshare -n}): nothing but a loopback
 * interface that is down, no IPv6. A replay run there shows it reaches for no network and reads
 * none of the machine's network set-up. The tests can make one as root, which CI runs as; where
 * they cannot, callers run the command as it is, or skip.
 */
final class NoNetwork {

  private static final boolean AVAILABLE = probe();

  private NoNetwork() {}

  /** Whether this machine lets the tests make a network namespace. */
  static boolean available() {
    return AVAILABLE;
  }

  /** {@code command}, run inside a new network namespace. */
  static List<String> inside(List<String> command) {
    List<String> all = new ArrayList<>(List.of("unshare", "-n"));
    all.addAll(command);
    return all;
  }

  private static boolean probe() {
    try {
      return Exec.run(List.of("unshare", "-n", "true"), Scratch.root()).exitStatus() == 0;
    } catch (UncheckedIOException | AssertionError noUnshare) {
      return false;
    }
  }
}
