package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The machine's network interfaces are an input: a program that lists them (names, indexes,
 * flags, MTUs, MAC addresses, addresses and prefixes), looks them up by name, index and address,
 * asks a thousand times whether one is up, and asks for one that does not exist, replays
 * identically on a machine whose network is another: here a fresh network namespace ({@code
 * unshare -n}), which has nothing but a loopback interface that is down and no IPv6.
 *
 * <p>Before, the replay asked the machine again: the same program there fails at its first line
 * ("No network interfaces configured"), and InetAddress picked its loopback address by whether
 * the machine has IPv6, which the replay also asked again.
 */
class NetworkInterfaceReplayTest {

  private static final String NICS = String.join("\n",
      "import java.net.*;",
      "import java.util.*;",
      "public class Nics {",
      "  public static void main(String[] a) throws Exception {",
      "    List<NetworkInterface> all = Collections.list(NetworkInterface.getNetworkInterfaces());",
      "    for (NetworkInterface n : all) {",
      "      byte[] mac = n.getHardwareAddress();",
      "      System.out.println(n.getName() + \" #\" + n.getIndex() + \" up=\" + n.isUp() + \" loopback=\" + n.isLoopback()",
      "          + \" p2p=\" + n.isPointToPoint() + \" multicast=\" + n.supportsMulticast() + \" mtu=\" + n.getMTU()",
      "          + \" mac=\" + (mac == null ? \"none\" : HexFormat.ofDelimiter(\":\").formatHex(mac))",
      "          + \" addresses=\" + Collections.list(n.getInetAddresses()) + \" bindings=\" + n.getInterfaceAddresses());",
      "    }",
      "    NetworkInterface last = all.get(all.size() - 1);",
      "    int up = 0;",
      "    for (int i = 0; i < 1000; i++) {",
      "      up += NetworkInterface.getByName(last.getName()).isUp() ? 1 : 0;",
      "    }",
      "    System.out.println(last.getName() + \" up \" + up + \" times of 1000\");",
      "    System.out.println(\"by index: \" + NetworkInterface.getByIndex(last.getIndex()));",
      "    System.out.println(\"loopback \" + InetAddress.getLoopbackAddress() + \" on \"",
      "        + NetworkInterface.getByInetAddress(InetAddress.getLoopbackAddress()));",
      "    System.out.println(\"missing: \" + NetworkInterface.getByName(\"ttd-none0\"));",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aProgramListingTheNetworkInterfacesReplaysInANetworkNamespaceWithoutThem() {
    Assumptions.assumeTrue(NoNetwork.available(),
        "unshare -n needs root (or CAP_SYS_ADMIN) to make a network namespace; this test runs as root in CI");
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("network interfaces replay without them on " + jvm.label(), () -> {
        Path work = Scratch.dir("network-interfaces-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Nics", NICS);
        Path recording = work.resolve("recording");
        Outcome plain = Exec.run(List.of(jvm.java(), "-cp", classes.toString(), "Nics"), work);
        Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Nics");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertEquals(plain.stdout(), recorded.stdout(), "the recorded run printed otherwise than a plain one");
        Outcome plainElsewhere = Exec.run(NoNetwork.inside(List.of(jvm.java(), "-cp", classes.toString(), "Nics")), work);
        assertNotEquals(recorded.stdout(), plainElsewhere.stdout(), "the namespace has other interfaces: "
            + plainElsewhere.describe());
        Outcome replayed = Exec.run(NoNetwork.inside(
            List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay", recording.toString())), work);
        ReplayAssertions.assertSameOutput(recorded, replayed, "replay in a network namespace on " + jvm);
      }));
    }
    return tests;
  }
}
