package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * What the program sees of a thread that has left the scheduler (a sleep, a blocking accept) is
 * what a plain run sees, in record and in every replay: {@code getState()} is {@code
 * TIMED_WAITING} and {@code RUNNABLE}, not the state of ttd's wait for the baton (a replayed
 * sleep ends at once), and the sleeper, just interrupted, reads as interrupted although the
 * recording's real sleep may consume the interrupt before the main thread asks.
 */
class ThreadStateReplayTest {

  private static final int REPLAYS = 5;

  private static final String PROGRAM = String.join("\n",
      "import java.net.InetAddress;",
      "import java.net.ServerSocket;",
      "import java.net.Socket;",
      "public class OutsideStates {",
      "  public static void main(String[] args) throws Exception {",
      "    Thread sleeper = new Thread(() -> {",
      "      try {",
      "        Thread.sleep(60_000);",
      "        System.out.println(\"slept\");",
      "      } catch (InterruptedException e) {",
      "        System.out.println(\"sleeper woken, still interrupted: \" + Thread.currentThread().isInterrupted());",
      "      }",
      "    }, \"sleeper\");",
      "    ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());",
      "    Thread acceptor = new Thread(() -> {",
      "      try (Socket s = server.accept()) {",
      "        System.out.println(\"accepted\");",
      "      } catch (Exception e) {",
      "        System.out.println(e);",
      "      }",
      "    }, \"acceptor\");",
      "    sleeper.start();",
      "    acceptor.start();",
      "    Thread.sleep(300);",
      "    for (int i = 0; i < 3; i++) {",
      "      System.out.println(sleeper.getName() + ' ' + sleeper.getState() + ' ' + acceptor.getName() + ' ' + acceptor.getState());",
      "    }",
      "    sleeper.interrupt();",
      "    System.out.println(\"interrupted: \" + sleeper.isInterrupted());",
      "    sleeper.join();",
      "    System.out.println(\"sleeper \" + sleeper.getState());",
      "    new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()).close();",
      "    acceptor.join();",
      "    server.close();",
      "    System.out.println(\"acceptor \" + acceptor.getState());",
      "  }",
      "}");

  private static final String EXPECTED = String.join("\n",
      "sleeper TIMED_WAITING acceptor RUNNABLE",
      "sleeper TIMED_WAITING acceptor RUNNABLE",
      "sleeper TIMED_WAITING acceptor RUNNABLE",
      "interrupted: true",
      "sleeper woken, still interrupted: false",
      "sleeper TERMINATED",
      "accepted",
      "acceptor TERMINATED",
      "");

  @TestFactory
  List<DynamicTest> threadsOutsideTheSchedulerShowAPlainRunsStateAndInterruptInRecordAndEveryReplay() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a sleeping and an accepting thread on " + jvm.label(), () -> outsideStates(jvm)));
    }
    return tests;
  }

  private static void outsideStates(Jvm jvm) {
    Path work = Scratch.dir("thread-states-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "OutsideStates", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "OutsideStates");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(EXPECTED, recorded.stdout(), "the states and the interrupt a plain run shows:" + recorded.describe());
    for (int i = 1; i <= REPLAYS; i++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
          "replay " + i + " of threads outside the scheduler on " + jvm);
    }
  }
}
