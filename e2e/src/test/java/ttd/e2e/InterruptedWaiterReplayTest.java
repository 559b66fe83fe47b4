package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * An interrupt sent to a scheduled thread that waits for the baton stays visible: the real thread
 * waits on its gate with {@code Object.wait}, which consumes the JVM's interrupt status whenever
 * the JVM gets round to it, so {@code isInterrupted()} read by the running thread used to answer
 * by timing. A pool's shutdown reads it ({@code interruptIdleWorkers}: {@code if
 * (!t.isInterrupted()) t.interrupt()}), and Tomcat's and Hikari's pools ended their workers some
 * ticks apart in replay.
 */
class InterruptedWaiterReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.util.Arrays;",
      "import java.util.Random;",
      "import java.util.concurrent.locks.LockSupport;",
      "public class HeldInterrupts {",
      "  public static void main(String[] args) throws Exception {",
      "    Thread[] workers = new Thread[4];",
      "    for (int i = 0; i < workers.length; i++) {",
      "      workers[i] = new Thread(() -> {",
      "        while (!Thread.currentThread().isInterrupted()) {",
      "          LockSupport.park();",
      "        }",
      "      }, \"w\" + i);",
      "      workers[i].start();",
      "    }",
      "    Thread.sleep(100);",
      "    for (Thread w : workers) {",
      "      w.interrupt();",
      "    }",
      // JDK code ticks nowhere: main keeps the baton while the workers' real threads settle
      "    long[] work = new Random(7).longs(3_000_000).toArray();",
      "    Arrays.sort(work);",
      "    StringBuilder seen = new StringBuilder();",
      "    for (Thread w : workers) {",
      "      seen.append(w.getName()).append(' ').append(w.isInterrupted()).append('\\n');",
      "    }",
      "    for (Thread w : workers) {",
      "      w.join();",
      "    }",
      "    System.out.print(seen);",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aWorkerInterruptedWhileItWaitsForTheBatonReadsAsInterruptedInRecordAndReplay() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("interrupted parked workers read as interrupted on " + jvm.label(),
          () -> interruptedWorkers(jvm)));
    }
    return tests;
  }

  private static void interruptedWorkers(Jvm jvm) {
    Path work = Scratch.dir("interrupted-waiter-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "HeldInterrupts", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "HeldInterrupts");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("w0 true\nw1 true\nw2 true\nw3 true\n", recorded.stdout(),
        "a worker that has not run since its interrupt is still interrupted, as without ttd:"
            + recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of interrupted parked workers on " + jvm);
  }
}
