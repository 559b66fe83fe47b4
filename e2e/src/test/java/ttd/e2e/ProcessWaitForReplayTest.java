package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code Process.waitFor()} lets the program's other threads run, as without ttd: main waits for
 * a child whose 1.2 MB of output another thread drains (the child blocks on its full pipe until
 * it does), two threads wait for one child (JGit's {@code FS.readPipe} and its gobbler: on 25 the
 * JDK's wait lets go of the process's lock, and so must ttd's wait for the baton after it; the
 * replay of a JGit recording hung there), and a thread waiting for a long child is interrupted by
 * main.
 *
 * <p>Before, the waiting thread kept the scheduler's baton through the whole wait: the recording
 * of the first part hung for good (the drainer never ran again), and in the second part the
 * interrupt came only after the child had ended, so the recording printed "waitFor returned"
 * where a plain run prints "waitFor interrupted" (both JDKs). A hang fails by {@link Exec#TIMEOUT}.
 */
class ProcessWaitForReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.io.*;",
      "public class ChildWaits {",
      "  public static void main(String[] args) throws Exception {",
      "    Process seq = new ProcessBuilder(\"seq\", \"1\", \"200000\").start();",
      "    long[] bytes = new long[1];",
      "    Thread drainer = new Thread(() -> {",
      "      try (InputStream in = seq.getInputStream()) {",
      "        byte[] b = new byte[8192];",
      "        for (int n; (n = in.read(b)) > 0; ) bytes[0] += n;",
      "      } catch (IOException e) { System.out.println(e); }",
      "    });",
      "    drainer.start();",
      "    System.out.println(\"seq exited with \" + seq.waitFor());",
      "    drainer.join();",
      "    System.out.println(\"drained \" + bytes[0] + \" bytes\");",
      "    Process nap = new ProcessBuilder(\"sleep\", \"1\").start();",
      "    boolean[] seen = new boolean[1];",
      "    Thread other = new Thread(() -> {",
      "      try { seen[0] = nap.waitFor(60, java.util.concurrent.TimeUnit.SECONDS); } catch (InterruptedException e) { }",
      "    });",
      "    other.start();",
      "    int napped = nap.waitFor();",
      "    other.join();",
      "    System.out.println(\"nap exited with \" + napped + \", the other waiter saw it end: \" + seen[0]);",
      "    Process sleeper = new ProcessBuilder(\"sleep\", \"60\").start();",
      "    Thread waiter = new Thread(() -> {",
      "      try { sleeper.waitFor(); System.out.println(\"waitFor returned\"); }",
      "      catch (InterruptedException e) { System.out.println(\"waitFor interrupted\"); }",
      "    });",
      "    waiter.start();",
      "    Thread.sleep(300);",
      "    waiter.interrupt();",
      "    waiter.join();",
      "    sleeper.destroy();",
      "    System.out.println(\"sleeper ended by signal \" + (sleeper.waitFor() - 128));",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> otherThreadsRunWhileAThreadWaitsForAChild() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a drained child and an interrupted waitFor replay on " + jvm.label(), () -> {
        Path work = Scratch.dir("process-wait-for-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "ChildWaits", PROGRAM);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "ChildWaits");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertEquals("seq exited with 0\ndrained 1288895 bytes\nnap exited with 0, the other waiter saw it end: true\n"
            + "waitFor interrupted\nsleeper ended by signal 15\n",
            recorded.stdout(), recorded.describe());
        Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
        ReplayAssertions.assertSameOutput(recorded, replayed, "replay of waits for children on " + jvm);
      }));
    }
    return tests;
  }

  private static final String PARKS_AFTER = String.join("\n",
      "import java.util.concurrent.locks.LockSupport;",
      "public class ParksAfterWaitFor {",
      "  public static void main(String[] args) throws Exception {",
      "    int atOnce = 0;",
      "    for (int i = 0; i < 3; i++) {",
      "      new ProcessBuilder(\"true\").start().waitFor();",
      "      long start = System.nanoTime();",
      "      LockSupport.parkNanos(200_000_000L);",
      "      if (System.nanoTime() - start < 100_000_000L) atOnce++;",
      "    }",
      "    System.out.println(\"parks that returned at once after waitFor: \" + atOnce + \" of 3\");",
      "  }",
      "}");

  /**
   * On JDK 25 {@code waitFor} awaits a {@code Condition}, and the reaper's unlock unparks the waiter:
   * the model kept that permit after ttd's real wait had returned, so the recording's next park
   * returned at once (3 of 3) and a replay, which does not wait, could not hand over there (JMH's
   * {@code java -version} child, then a latch).
   */
  @TestFactory
  List<DynamicTest> aParkAfterWaitForWaitsAsWithoutTtd() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("parks after waitFor wait on " + jvm.label(), () -> {
        Path work = Scratch.dir("parks-after-wait-for-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "ParksAfterWaitFor", PARKS_AFTER);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "ParksAfterWaitFor");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertEquals("parks that returned at once after waitFor: 0 of 3\n", recorded.stdout(), recorded.describe());
        ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
            "replay of parks after waitFor on " + jvm);
      }));
    }
    return tests;
  }
}
