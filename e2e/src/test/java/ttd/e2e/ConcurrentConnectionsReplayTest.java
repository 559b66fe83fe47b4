package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A server that serves several connections through one selector: the JDK keeps the selected keys
 * in a {@code HashSet} ordered by identity hash, so the order in which the service handles the
 * ready connections (and so which shopper's order is filled) is decided by hash state and the
 * schedule. The recording is replayed with no client at all: every response is compared with the
 * recorded one instead of sent, and the output and final audit are the same.
 */
class ConcurrentConnectionsReplayTest {

  private static final int ATTEMPTS = 3;
  private static final int SHOPPERS = 4;
  private static final Pattern SELECTION = Pattern.compile("(?m)^\\s+[-\\d]+  HTTP-Dispatcher  SELECTOR_WAIT (\\d+) bytes$");
  /** A selector wait logs one (fd, ready set) pair of 8 bytes per ready descriptor. */
  private static final int BYTES_PER_KEY = 8;
  /** Two connections, even if one of the descriptors was the selector's wake-up. */
  private static final int SEVERAL = 3;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void anHttpServiceWithSeveralConnectionsReadyAtOnceReplaysWithoutItsClients(Jvm jvm) {
    // the shoppers send before reading, but a loaded machine may still deliver their requests
    // one by one: record again (a bounded number of times) until one selection held several
    Path recording = null;
    Outcome recorded = null;
    int mostAtOnce = 0;
    for (int attempt = 1; attempt <= ATTEMPTS && mostAtOnce < SEVERAL; attempt++) {
      Path work = Scratch.dir("flash-sale-" + jvm.label());
      recording = work.resolve("recording");
      try (Peer service = Peer.recorded(jvm, recording, "ttd.samples.net.InventoryService")) {
        Outcome rush = Exec.run(List.of(jvm.java(), "-cp", TtdRun.samplesClassPath(false),
            "ttd.samples.net.InventoryRush", String.valueOf(service.port()), String.valueOf(SHOPPERS)), work);
        assertEquals(0, rush.exitStatus(), rush.describe());
        assertTrue(rush.stdout().contains("filled 1 of 3 gadget"), "one shopper got the last gadget:" + rush.describe());
        recorded = service.await();
      }
      mostAtOnce = mostKeysSelectedAtOnce(jvm, recording);
    }
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(mostAtOnce >= SEVERAL, "no selection out of " + ATTEMPTS + " recordings held two connections at once");
    assertTrue(recorded.stdout().contains("GET /stock -> stock {gadget=4, gizmo=7, widget=10}\n")
        && recorded.stdout().contains("POST /order -> order 4: filled 0 of 3 gadget\n")
        && recorded.stdout().contains("AUDIT FAILED: gadget started at 4, accounts for 12\n"), recorded.describe());

    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of the flash sale without its shoppers");
  }

  private static int mostKeysSelectedAtOnce(Jvm jvm, Path recording) {
    Outcome events = TtdRun.cli(jvm, recording.toAbsolutePath().getParent(), "events", recording.toAbsolutePath().toString());
    assertEquals(0, events.exitStatus(), events.describe());
    int most = 0;
    Matcher m = SELECTION.matcher(events.stdout());
    while (m.find()) {
      most = Math.max(most, Integer.parseInt(m.group(1)) / BYTES_PER_KEY);
    }
    return most;
  }
}
