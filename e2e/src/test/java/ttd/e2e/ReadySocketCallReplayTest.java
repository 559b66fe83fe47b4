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
 * An accept or a socket read that would return at once keeps the scheduler's baton, and one that
 * waits gives it up; both replay.
 *
 * <p>Before, every blocking call gave the baton up, and the thread waited for its turn behind
 * every runnable thread to take it back: a server's accepting thread, back from each accept,
 * fell so far behind 1 500 client threads that its listen backlog overflowed and clients timed
 * out (Helidon), which a plain run never does. Now the recording polls the descriptor first, with
 * no timeout, and keeps the baton if it is ready; nothing is logged then, which the replay reads
 * as "kept" (the log's next event is the call's, not a hand-over).
 */
class ReadySocketCallReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.net.*;",
      "public class ReadyAccept {",
      "  public static void main(String[] args) throws Exception {",
      "    try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {",
      "      Socket early = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());",
      "      Socket first = server.accept(); // the connection waits already",
      "      early.getOutputStream().write(\"ping\\n\".getBytes());",
      "      int b = first.getInputStream().read(); // the byte is there already",
      "      Thread late = new Thread(() -> {",
      "        try {",
      "          Thread.sleep(200);",
      "          new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()).close();",
      "        } catch (Exception e) {",
      "          System.out.println(\"late: \" + e);",
      "        }",
      "      }, \"late\");",
      "      late.start();",
      "      Socket second = server.accept(); // waits for the late client",
      "      System.out.println(\"read \" + (char) b + \", accepted \" + (second.getPort() != first.getPort())",
      "          + \" at \" + System.nanoTime() % 1000);",
      "      late.join();",
      "      early.close();",
      "      first.close();",
      "      second.close();",
      "    }",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aSocketCallThatWouldNotBlockKeepsTheBaton() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a ready accept and read keep the baton, a waiting accept gives it up, and all replay on "
          + jvm.label(), () -> readyCallsKeepTheBaton(jvm)));
    }
    return tests;
  }

  private static void readyCallsKeepTheBaton(Jvm jvm) {
    Path work = Scratch.dir("ready-socket-call-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "ReadyAccept", PROGRAM);
    Path recording = work.resolve("recording").toAbsolutePath();
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "ReadyAccept");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("read p, accepted true"), recorded.describe());
    Outcome events = TtdRun.cli(jvm, work, "events", recording.toString(), "--schedule");
    List<String> main = new ArrayList<>();
    for (String line : events.stdout().split("\n")) {
      if (line.contains("  main  ")) {
        main.add(line.substring(line.indexOf("  main  ") + 8));
      }
    }
    List<Integer> accepts = new ArrayList<>();
    for (int i = 0; i < main.size(); i++) {
      if (main.get(i).startsWith("NET_ACCEPT")) {
        accepts.add(i);
      }
    }
    assertEquals(2, accepts.size(), "two accepts:" + events.describe());
    assertTrue(main.get(accepts.get(0) - 1).startsWith("NET_ADDRESS"),
        "the ready accept gave the baton up:" + events.describe());
    int read = main.indexOf(main.stream().filter(l -> l.startsWith("SOCKET_READ")).findFirst().orElseThrow());
    assertTrue(main.get(read - 1).startsWith("SOCKET_WRITE"), "the ready read gave the baton up:" + events.describe());
    assertTrue(main.get(accepts.get(1) - 1).startsWith("SCHED_"), // its hand-over, or its return to the baton
        "the waiting accept kept the baton:" + events.describe());
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of ready and waiting accepts on " + jvm);
  }
}
