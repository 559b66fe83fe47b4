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
 * The JVM exits while a thread other than the exiting one holds the scheduler's baton, and the
 * replay still prints exactly what the recording printed and exits with the same status.
 *
 * <p>Two ways this happens: daemon workers go on after main ended (here while a shutdown hook
 * takes a while), and the JVM's own exit finds one of them running; or a thread the scheduler
 * does not run (one in the JVM's system thread group, like the JDK's signal handlers) calls
 * {@code System.exit} while a worker runs. Before, the running worker's last events were never
 * written, and the replay exited wherever that worker happened to be: fewer lines, or a
 * divergence when the worker outran its log.
 */
class ExitWhileAnotherThreadRunsTest {

  /** A busy loop that prints now and then and yields, so decisions and output both happen. */
  private static final String WORK = String.join("\n",
      "  static void work(String name) {",
      "    long n = 0;",
      "    while (true) {",
      "      n++;",
      "      if (n % 50_000 == 0) {",
      "        System.out.println(name + \" at \" + n);",
      "      }",
      "      if (n % 5_000 == 0) {",
      "        Thread.yield();",
      "      }",
      "    }",
      "  }");

  private static final String AFTER_MAIN = String.join("\n",
      "public class AfterMain {",
      "  public static void main(String[] args) {",
      "    for (int i = 0; i < 2; i++) {",
      "      String name = \"worker-\" + i;",
      "      Thread worker = new Thread(() -> work(name), name);",
      "      worker.setDaemon(true);",
      "      worker.start();",
      "    }",
      "    Runtime.getRuntime().addShutdownHook(new Thread(() -> {",
      "      try {",
      "        Thread.sleep(200);",
      "      } catch (InterruptedException e) {",
      "        Thread.currentThread().interrupt();",
      "      }",
      "    }));",
      "    System.out.println(\"main ends\");",
      "  }",
      WORK,
      "}");

  private static final String FROM_WATCHDOG = String.join("\n",
      "public class ExitFromWatchdog {",
      "  public static void main(String[] args) throws InterruptedException {",
      "    Thread worker = new Thread(() -> work(\"worker\"), \"worker\");",
      "    worker.start();",
      "    ThreadGroup system = Thread.currentThread().getThreadGroup();",
      "    while (system.getParent() != null) {",
      "      system = system.getParent();",
      "    }",
      "    Thread watchdog = new Thread(system, () -> {",
      "      try {",
      "        Thread.sleep(200);",
      "      } catch (InterruptedException e) {",
      "        Thread.currentThread().interrupt();",
      "      }",
      "      System.exit(3);",
      "    }, \"watchdog\");",
      "    watchdog.setDaemon(true);",
      "    watchdog.start();",
      "    worker.join();",
      "  }",
      WORK,
      "}");

  @TestFactory
  List<DynamicTest> theWorkOfTheRunningThreadAtTheExitReplaysAsRecorded() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("daemons running after main ended replay the same lines on " + jvm.label(),
          () -> daemonsAfterMain(jvm)));
      tests.add(dynamicTest("System.exit from an unscheduled thread while a worker runs replays on " + jvm.label(),
          () -> exitFromWatchdog(jvm)));
    }
    return tests;
  }

  private static void daemonsAfterMain(Jvm jvm) {
    Path work = Scratch.dir("exit-after-main-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "AfterMain", AFTER_MAIN);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "AfterMain");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    List<String> lines = recorded.stdoutLines();
    assertEquals("main ends", lines.get(0), recorded.describe());
    assertTrue(lines.size() > 1, "the daemons must print after main ended:" + recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of daemons running after main on " + jvm);
  }

  private static void exitFromWatchdog(Jvm jvm) {
    Path work = Scratch.dir("exit-from-watchdog-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "ExitFromWatchdog", FROM_WATCHDOG);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "ExitFromWatchdog");
    assertEquals(3, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("worker at "), "the worker must run until the exit:" + recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of an exit from a watchdog on " + jvm);
  }
}
