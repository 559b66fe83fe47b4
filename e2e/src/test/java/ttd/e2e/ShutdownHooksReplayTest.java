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
 * Shutdown hooks are program code and run as scheduled threads, so a hook that needs the
 * program's other threads (stopping an executor and waiting for it, handing a last task to a
 * daemon pool) behaves as without ttd, and replays.
 *
 * <p>Before, the hooks ran unscheduled while the pool threads they waited for stayed parked in
 * the scheduler, waiting for a baton nobody held: {@code awaitTermination} timed out ({@code pool
 * stopped: false}, 10 s late) and a hook waiting for a pool task without a timeout never ended
 * (an H2 database opened with {@code DB_CLOSE_DELAY=-1} closes that way).
 */
class ShutdownHooksReplayTest {

  /** The program: a hook stops a pool of daemon threads and waits for it. */
  private static final String HOOK_HANG = String.join("\n",
      "import java.util.concurrent.*;",
      "public class HookHang {",
      "  public static void main(String[] a) throws Exception {",
      "    ExecutorService ex = Executors.newFixedThreadPool(2, r -> { Thread t = new Thread(r); t.setDaemon(true); return t; });",
      "    ex.submit(() -> System.out.println(\"task ran\")).get();",
      "    Runtime.getRuntime().addShutdownHook(new Thread(() -> {",
      "      ex.shutdown();",
      "      try { System.out.println(\"pool stopped: \" + ex.awaitTermination(10, TimeUnit.SECONDS)); } catch (InterruptedException e) { }",
      "    }));",
      "    System.out.println(\"main done\");",
      "  }",
      "}");

  /**
   * Two hooks at once: one hands a last task to a daemon writer thread and waits for it without a
   * timeout, the other stops a worker pool that is still busy; the JVM ends after main returns, or
   * by {@code System.exit(status)} from main.
   */
  private static final String SHUTDOWN_WORK = String.join("\n",
      "import java.util.*;",
      "import java.util.concurrent.*;",
      "public class ShutdownWork {",
      "  public static void main(String[] a) throws Exception {",
      "    ThreadFactory daemons = r -> { Thread t = new Thread(r); t.setDaemon(true); return t; };",
      "    ExecutorService writer = Executors.newSingleThreadExecutor(daemons);",
      "    ExecutorService workers = Executors.newFixedThreadPool(2, daemons);",
      "    List<String> journal = Collections.synchronizedList(new ArrayList<>());",
      "    for (int i = 0; i < 40; i++) {",
      "      int n = i;",
      "      workers.submit(() -> journal.add(\"job \" + n + \" at \" + System.nanoTime() % 1000));",
      "    }",
      "    Runtime.getRuntime().addShutdownHook(new Thread(() -> {",
      "      try {",
      "        System.out.println(\"flushed: \" + writer.submit(() -> journal.size() + \" entries, \" + journal).get());",
      "      } catch (Exception e) {",
      "        System.out.println(\"flush failed: \" + e);",
      "      }",
      "    }, \"flusher\"));",
      "    Runtime.getRuntime().addShutdownHook(new Thread(() -> {",
      "      workers.shutdown();",
      "      try { System.out.println(\"workers stopped: \" + workers.awaitTermination(10, TimeUnit.SECONDS)); } catch (InterruptedException e) { }",
      "    }, \"stopper\"));",
      "    System.out.println(\"main done\");",
      "    if (a.length > 0) {",
      "      System.exit(Integer.parseInt(a[0]));",
      "    }",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> shutdownHooksRunAsProgramThreadsAndReplay() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a hook that stops a daemon pool sees it stopped, and replays, on " + jvm.label(),
          () -> hookStopsItsPool(jvm)));
      tests.add(dynamicTest("hooks that need daemon pools run after main returns, and replay, on " + jvm.label(),
          () -> hooksNeedingPools(jvm, List.of(), 0)));
      tests.add(dynamicTest("hooks that need daemon pools run after System.exit, and replay, on " + jvm.label(),
          () -> hooksNeedingPools(jvm, List.of("3"), 3)));
    }
    return tests;
  }

  private static void hookStopsItsPool(Jvm jvm) {
    Path work = Scratch.dir("hook-hang-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "HookHang", HOOK_HANG);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "HookHang");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(List.of("task ran", "main done", "pool stopped: true"), recorded.stdoutLines(), recorded.describe());
    for (int i = 1; i <= 3; i++) {
      Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
      ReplayAssertions.assertSameOutput(recorded, replayed, "replay " + i + " of HookHang on " + jvm);
    }
  }

  private static void hooksNeedingPools(Jvm jvm, List<String> args, int status) {
    Path work = Scratch.dir("shutdown-work-" + args + "-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "ShutdownWork", SHUTDOWN_WORK);
    Outcome recorded = TtdRun.record(
        jvm, work.resolve("recording"), List.of(), classes.toString(), "ShutdownWork", args, new byte[0]);
    assertEquals(status, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("workers stopped: true\n"), "the pool did not stop:" + recorded.describe());
    assertTrue(recorded.stdout().contains("flushed: "), "the writer did not run the hook's task:" + recorded.describe());
    for (int i = 1; i <= 2; i++) {
      Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
      ReplayAssertions.assertSameOutput(recorded, replayed, "replay " + i + " of ShutdownWork " + args + " on " + jvm);
    }
  }
}
