package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Waits of the JDK's network code that end by themselves: threads resolving the same name at once,
 * and socket reads, an accept and a datagram receive that time out on a silent loopback peer.
 *
 * <p>Before, on JDK 17 the recording stopped after 5 s with the second thread blocked on {@code
 * InetAddress$NameServiceAddresses.get}'s monitor, which the first held through its lookup after
 * it had given up the baton (replay exit 87); and on both JDKs the replay of the first read timeout
 * diverged (exit 86): the clock reads of {@code sun.nio.ch}, which decide whether a timed read
 * throws or polls again, were not captured, so the replay polled again.
 */
class NetworkWaitsReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.net.*;",
      "import java.util.*;",
      "import java.util.concurrent.*;",
      "public class NetWaits {",
      "  public static void main(String[] args) throws Exception {",
      "    ExecutorService pool = Executors.newFixedThreadPool(4);",
      "    List<Future<String>> names = new ArrayList<>();",
      "    for (int i = 0; i < 8; i++) {",
      "      names.add(pool.submit(() -> \"localhost has \" + InetAddress.getAllByName(\"localhost\").length));",
      "    }",
      "    for (Future<String> f : names) System.out.println(f.get());",
      "    pool.shutdown();",
      "    try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {",
      "      for (int i = 0; i < 3; i++) {",
      "        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), silent.getLocalPort())) {",
      "          s.setSoTimeout(50);",
      "          s.getInputStream().read();",
      "        } catch (SocketTimeoutException e) { System.out.println(\"read: \" + e.getMessage()); }",
      "      }",
      "    }",
      "    try (ServerSocket lonely = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {",
      "      lonely.setSoTimeout(50);",
      "      lonely.accept();",
      "    } catch (SocketTimeoutException e) { System.out.println(\"accept: \" + e.getMessage()); }",
      "    try (DatagramSocket d = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {",
      "      d.setSoTimeout(50);",
      "      d.receive(new DatagramPacket(new byte[16], 16));",
      "    } catch (SocketTimeoutException e) { System.out.println(\"receive: \" + e.getMessage()); }",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> concurrentLookupsAndNetworkTimeoutsReplayAsRecorded() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("concurrent lookups and network timeouts replay on " + jvm.label(), () -> {
        Path work = Scratch.dir("network-waits-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "NetWaits", PROGRAM);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "NetWaits");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertEquals(8, recorded.stdout().split("localhost has ", -1).length - 1, recorded.describe());
        assertTrue(recorded.stdout().endsWith("read: Read timed out\n".repeat(3)
            + "accept: Accept timed out\nreceive: Receive timed out\n"), recorded.describe());
        Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
        ReplayAssertions.assertSameOutput(recorded, replayed, "replay of network waits on " + jvm);
      }));
    }
    return tests;
  }
}
