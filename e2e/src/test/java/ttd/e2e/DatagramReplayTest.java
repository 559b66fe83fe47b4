package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program that talks UDP to an echo peer in another JVM on loopback ({@code DatagramSocket}'s
 * send and receive, a connected {@code DatagramChannel}'s write and read) is recorded, and replayed
 * with the peer stopped: datagrams received and their senders come from the log, datagrams sent
 * are compared with it.
 */
class DatagramReplayTest {

  private static final String ECHO =
      String.join(
          "\n",
          "import java.net.*;",
          "public class UdpEcho {",
          "  public static void main(String[] args) throws Exception {",
          "    try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {",
          "      System.out.println(\"listening on \" + s.getLocalPort());",
          "      byte[] buf = new byte[1024];",
          "      while (true) {",
          "        DatagramPacket p = new DatagramPacket(buf, buf.length);",
          "        s.receive(p);",
          "        String text = new String(p.getData(), 0, p.getLength(), \"UTF-8\");",
          "        byte[] reply = (\"ECHO \" + text.toUpperCase()).getBytes(\"UTF-8\");",
          "        s.send(new DatagramPacket(reply, reply.length, p.getSocketAddress()));",
          "      }",
          "    }",
          "  }",
          "}",
          "");

  private static String pinger(String word) {
    return String.join(
        "\n",
        "import java.net.*;",
        "import java.nio.ByteBuffer;",
        "import java.nio.channels.DatagramChannel;",
        "public class Pinger {",
        "  public static void main(String[] args) throws Exception {",
        "    InetSocketAddress peer =",
        "        new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0]));",
        "    try (DatagramSocket s = new DatagramSocket()) {",
        "      s.setSoTimeout(20000);",
        "      byte[] request = \"ping " + word + "\".getBytes(\"UTF-8\");",
        "      s.send(new DatagramPacket(request, request.length, peer));",
        "      DatagramPacket p = new DatagramPacket(new byte[512], 512);",
        "      s.receive(p);",
        "      System.out.println(\"socket: \" + new String(p.getData(), 0, p.getLength(), \"UTF-8\")",
        "          + \" from port \" + p.getPort());",
        "    }",
        "    try (DatagramChannel c = DatagramChannel.open()) {",
        "      c.connect(peer);",
        "      c.write(ByteBuffer.wrap(\"status\".getBytes(\"UTF-8\")));",
        "      ByteBuffer b = ByteBuffer.allocate(512);",
        "      c.read(b);",
        "      System.out.println(\"channel: \" + new String(b.array(), 0, b.position(), \"UTF-8\"));",
        "      c.disconnect();",
        "    }",
        "  }",
        "}",
        "");
  }

  /** Records Pinger saying {@code word} to a live echo peer, which is stopped before returning. */
  private static Outcome record(Jvm jvm, Path work, Path classes, Path recording) {
    JavaSource.compile(classes, "UdpEcho", ECHO);
    try (Peer echo = Peer.compiled(jvm, work, classes.toString(), "UdpEcho")) {
      int port = echo.port();
      Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Pinger", String.valueOf(port));
      assertEquals(0, recorded.exitStatus(), recorded.describe());
      assertEquals(
          "socket: ECHO PING ALPHA from port " + port + "\nchannel: ECHO STATUS\n",
          recorded.stdout(),
          recorded.describe());
      return recorded;
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aUdpClientReplaysItsRepliesAndTheirSenderWithoutThePeer(Jvm jvm) throws Exception {
    Path work = Scratch.dir("datagram-replay-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Pinger", pinger("alpha"));
    Path recording = work.resolve("recording");
    Outcome recorded = record(jvm, work, classes, recording);

    Outcome replayed = TtdRun.replay(jvm, recording);
    assertEquals(0, replayed.exitStatus(), replayed.describe());
    assertEquals(recorded.stdout(), replayed.stdout(), replayed.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayDivergesWhenTheProgramSendsOtherBytesInADatagram(Jvm jvm) throws Exception {
    Path work = Scratch.dir("datagram-divergence-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Pinger", pinger("alpha"));
    Path recording = work.resolve("recording");
    record(jvm, work, classes, recording);

    JavaSource.compile(classes, "Pinger", pinger("gamma"));
    Outcome replayed = TtdRun.replay(jvm, recording);
    assertEquals(86, replayed.exitStatus(), replayed.describe());
    assertTrue(replayed.stderr().contains("a datagram sent of"), replayed.describe());
    assertTrue(replayed.stderr().contains("ping gamma"), replayed.describe());
    assertEquals("", replayed.stdout(), replayed.describe());
  }
}
