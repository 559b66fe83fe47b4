package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program that joins and leaves a multicast group on the loopback interface ({@code
 * MulticastSocket}'s outgoing interface and {@code joinGroup}, a {@code DatagramChannel}'s {@code
 * IP_MULTICAST_IF} and {@code MembershipKey}), as JGroups' diagnostics do at start-up, replays
 * identically: the memberships and the interface are socket options ttd logs, and a replay's
 * stand-in descriptor takes none. Before, the replay ran them against that stand-in and every one
 * failed ("Socket operation on non-socket (setsockopt failed)").
 */
class MulticastReplayTest {

  private static final String GROUPS = String.join("\n",
      "import java.net.*;",
      "import java.nio.channels.*;",
      "public class Groups {",
      "  public static void main(String[] a) throws Exception {",
      "    NetworkInterface lo = NetworkInterface.getByInetAddress(InetAddress.getLoopbackAddress());",
      "    InetAddress group = InetAddress.getByAddress(new byte[] {(byte) 239, (byte) 255, 77, 77});",
      "    try (MulticastSocket s = new MulticastSocket(0)) {",
      "      s.setNetworkInterface(lo);",
      "      System.out.println(\"sends by \" + s.getNetworkInterface().getName());",
      "      for (int i = 0; i < 3; i++) {",
      "        s.joinGroup(new InetSocketAddress(group, 0), lo);",
      "        s.leaveGroup(new InetSocketAddress(group, 0), lo);",
      "      }",
      "      System.out.println(\"joined and left 3 times\");",
      "      try {",
      "        s.leaveGroup(new InetSocketAddress(group, 0), lo);",
      "      } catch (java.io.IOException e) {",
      "        System.out.println(\"leaving again: \" + e.getClass().getSimpleName());",
      "      }",
      "    }",
      "    try (DatagramChannel c = DatagramChannel.open(StandardProtocolFamily.INET)) {",
      "      c.bind(new InetSocketAddress(0));",
      "      c.setOption(StandardSocketOptions.IP_MULTICAST_IF, lo);",
      "      MembershipKey k = c.join(group, lo);",
      "      System.out.println(\"channel joined \" + k.group().getHostAddress() + \" valid \" + k.isValid()",
      "          + \" by \" + c.getOption(StandardSocketOptions.IP_MULTICAST_IF).getName());",
      "      k.drop();",
      "      System.out.println(\"dropped, valid \" + k.isValid());",
      "    }",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void joiningAndLeavingAMulticastGroupReplays(Jvm jvm) throws Exception {
    Path work = Scratch.dir("multicast-replay-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Groups", GROUPS);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Groups");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("joined and left 3 times\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("dropped, valid false\n"), recorded.describe());

    for (int i = 0; i < 2; i++) {
      Outcome replayed = TtdRun.replay(jvm, recording);
      assertEquals(0, replayed.exitStatus(), replayed.describe());
      assertEquals(recorded.stdout(), replayed.stdout(), replayed.describe());
    }
  }
}
