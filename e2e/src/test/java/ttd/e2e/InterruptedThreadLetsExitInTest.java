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
 * A thread whose interrupt status is set lets the JVM's exiting thread in, and the replay waits
 * for that thread as long as it takes to come.
 *
 * <p>The JVM's own thread that begins the shutdown after main returns is adopted from outside the
 * program, and a replay's JVM starts it only once the real threads have finished; the thread that
 * lets it in (the log's {@code SCHED_ADMIT}) may get there first and waits for it. That wait was
 * an interruptible {@code Object.wait} on a program thread, whose interrupt status is the
 * program's: a pool worker cancelled with {@code cancel(true)} that carries the status on (here it
 * defers it until a slow load is done; in ActiveMQ Classic on JDK 25 a worker interrupted by a
 * transport's {@code shutdownNow} carried it into the spins of its keep-alive poll) ended the wait
 * at once, and the replay stopped with status 86, "thread #2 let back in; the program did: it is
 * not waiting", after printing everything. Here a non-daemon thread the scheduler does not run (in
 * the system thread group, like {@link ExitWhileAnotherThreadRunsTest}'s watchdog) keeps the JVM
 * from beginning its shutdown for 100 ms in both runs, while the worker's load, a sleep in a class
 * initialiser that keeps the baton, lasts 300 ms when recorded and no time when replayed: the
 * replay's worker always gets to the admission first.
 */
class InterruptedThreadLetsExitInTest {

  private static final String PROGRAM = String.join("\n",
      "import java.util.concurrent.*;",
      "public class CancelledAtExit {",
      "  static final class Config {",
      "    static final String VALUE;",
      "    static {",
      "      try {",
      "        Thread.sleep(300); // a slow first load",
      "      } catch (InterruptedException e) {",
      "        Thread.currentThread().interrupt();",
      "      }",
      "      VALUE = \"loaded\";",
      "    }",
      "  }",
      "  static volatile String config;",
      "  static void remember(String value) {",
      "    config = value.trim();",
      "  }",
      "  public static void main(String[] args) throws Exception {",
      "    ExecutorService pool = Executors.newCachedThreadPool(r -> {",
      "      Thread t = new Thread(r, \"worker\");",
      "      t.setDaemon(true);",
      "      return t;",
      "    });",
      "    CountDownLatch started = new CountDownLatch(1);",
      "    CountDownLatch gate = new CountDownLatch(1);",
      "    Future<?> task = pool.submit(() -> {",
      "      started.countDown();",
      "      boolean interrupted = false;",
      "      try {",
      "        gate.await();",
      "      } catch (InterruptedException e) {",
      "        interrupted = true; // finish the load first",
      "      }",
      "      String value = Config.VALUE;",
      "      if (interrupted) {",
      "        Thread.currentThread().interrupt();",
      "      }",
      "      remember(value); // its first tick after the load: the JVM's exiting thread is let in here",
      "    });",
      "    System.out.println(\"loads \" + Config.class.getSimpleName());",
      "    ThreadGroup system = Thread.currentThread().getThreadGroup();",
      "    while (system.getParent() != null) {",
      "      system = system.getParent();",
      "    }",
      "    Thread lingering = new Thread(system, () -> {",
      "      try {",
      "        Thread.sleep(100);",
      "      } catch (InterruptedException e) {",
      "        Thread.currentThread().interrupt();",
      "      }",
      "    }, \"lingering\");",
      "    lingering.start();",
      "    started.await();",
      "    System.out.println(\"cancelled \" + task.cancel(true));",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> anInterruptedThreadWaitsForTheExitingThreadItLetsIn() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a cancelled worker lets the exiting thread in and replays on " + jvm.label(),
          () -> cancelledWorkerAtExit(jvm)));
    }
    return tests;
  }

  private static void cancelledWorkerAtExit(Jvm jvm) {
    Path work = Scratch.dir("interrupted-lets-exit-in-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "CancelledAtExit", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "CancelledAtExit");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(List.of("loads Config", "cancelled true"), recorded.stdoutLines(), recorded.describe());
    Outcome admissions = TtdRun.cli(jvm, work, "events", recording.toAbsolutePath().toString(), "--schedule");
    assertTrue(admissions.stdout().contains("worker  SCHED_ADMIT lets DestroyJavaVM in"),
        "the cancelled worker must let the JVM's exiting thread in:" + admissions.describe());
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of a cancelled worker at the exit on " + jvm);
  }
}
