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
 * A socket write that fails (the peer reset the connection) while no other thread runs, so the
 * writer resumes an idle run when it comes back.
 *
 * <p>Before, the recording logged the failure while the writer had given up the baton, before its
 * {@code SCHED_RESUME}; the replay, which reads the failure after taking the baton back, found the
 * write where it looked for the resume, waited to be let in by a thread that never came, and hung
 * (now: stopped as stalled after 30 s, exit 86). Found in a JDK 25 TLS program whose server wrote
 * to a client that had given up the handshake.
 */
class SocketWriteFailureReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.io.*;",
      "import java.net.*;",
      "public class WriteFails {",
      "  public static void main(String[] args) throws Exception {",
      "    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());",
      "         Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {",
      "      Socket peer = server.accept();",
      "      peer.setSoLinger(true, 0);",
      "      peer.close();",
      "      OutputStream out = client.getOutputStream();",
      "      byte[] chunk = new byte[1024];",
      "      while (true) {",
      "        try {",
      "          out.write(chunk);",
      "        } catch (IOException e) {",
      "          System.out.println(\"the write failed: \" + e.getClass().getSimpleName());",
      "          break;",
      "        }",
      "        Thread.sleep(10);",
      "      }",
      "    }",
      "    System.out.println(\"done\");",
      "  }",
      "}",
      "");

  @TestFactory
  List<DynamicTest> aSocketWriteThatFailsWhileNobodyElseRunsReplaysAsRecorded() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a failed socket write replays on " + jvm.label(), () -> {
        Path work = Scratch.dir("socket-write-failure-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "WriteFails", PROGRAM);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "WriteFails");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertTrue(recorded.stdout().contains("the write failed: SocketException\ndone\n"), recorded.describe());
        Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
        ReplayAssertions.assertSameOutput(recorded, replayed, "replay of a failed socket write on " + jvm);
      }));
    }
    return tests;
  }
}
