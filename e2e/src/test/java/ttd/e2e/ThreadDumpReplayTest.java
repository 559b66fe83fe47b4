package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A watchdog that prints the stacks of every thread replays as recorded: what {@code
 * Thread.getAllStackTraces()} and another thread's {@code getStackTrace()} returned is an input.
 *
 * <p>Before, the replay asked the JVM again: the JDK's own threads (Common-Cleaner, Reference
 * Handler) stood elsewhere in their waits, and a sleeping worker was in another frame, so the
 * first dump printed other lines and the replay stopped at it (exit 86, both JDKs).
 */
class ThreadDumpReplayTest {

  private static final String WATCHDOG = String.join("\n",
      "import java.util.*;",
      "import java.util.concurrent.*;",
      "import java.util.concurrent.locks.*;",
      "public class Watchdog {",
      "  static final Object gate = new Object();",
      "  public static void main(String[] a) throws Exception {",
      "    ExecutorService jobs = Executors.newFixedThreadPool(3, r -> new Thread(r, \"job-\" + UUID.randomUUID().toString().substring(0, 4)));",
      "    ReentrantLock lock = new ReentrantLock();",
      "    for (int round = 0; round < 8; round++) {",
      "      int r = round;",
      "      Future<?> slow = jobs.submit(() -> { try { Thread.sleep(30 + r); } catch (InterruptedException e) { } });",
      "      Future<?> locked = jobs.submit(() -> { lock.lock(); try { Math.sqrt(r); } finally { lock.unlock(); } });",
      "      Future<?> waiting = jobs.submit(() -> { synchronized (gate) { try { gate.wait(20); } catch (InterruptedException e) { } } });",
      "      Thread.sleep(10);",
      "      Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();",
      "      TreeMap<String, StackTraceElement[]> byName = new TreeMap<>();",
      "      for (Map.Entry<Thread, StackTraceElement[]> e : all.entrySet()) byName.put(e.getKey().getName(), e.getValue());",
      "      for (Map.Entry<String, StackTraceElement[]> e : byName.entrySet()) {",
      "        StackTraceElement[] s = e.getValue();",
      "        System.out.println(round + \" \" + e.getKey() + \" depth \" + s.length + (s.length > 0 ? \" at \" + s[0] : \"\"));",
      "      }",
      "      for (Thread t : all.keySet()) {",
      "        if (t.getName().startsWith(\"job-\")) System.out.println(round + \" own \" + t.getName() + \" \" + Arrays.toString(t.getStackTrace()).length());",
      "      }",
      "      slow.get(); locked.get(); waiting.get();",
      "    }",
      "    jobs.shutdown();",
      "    System.out.println(\"stopped \" + jobs.awaitTermination(1, TimeUnit.MINUTES));",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> stacksOfOtherThreadsReplayAsRecorded() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a watchdog's thread dumps replay on " + jvm.label(), () -> {
        Path work = Scratch.dir("thread-dumps-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Watchdog", WATCHDOG);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Watchdog");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertFalse(recorded.stderr().contains("ttd:"), "ttd stopped recording:" + recorded.describe());
        assertTrue(recorded.stdout().contains("7 main depth ") && recorded.stdout().contains("stopped true"),
            recorded.describe());
        for (int i = 1; i <= 2; i++) {
          ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay " + i + " on " + jvm);
        }
      }));
    }
    return tests;
  }
}
