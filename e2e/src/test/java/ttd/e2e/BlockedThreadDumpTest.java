package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A dump of threads blocked in {@code wait()}, a timed {@code wait}, {@code LockSupport.park},
 * {@code join()} and a timed {@code join} prints in a recording as in a plain run, through
 * {@code getStackTrace()} and {@code ThreadMXBean} alike, and the replay prints the recording's.
 *
 * <p>Before, the scheduler's waits showed in their place: a joining thread showed none of the
 * JDK's frames, one in {@code wait()} lacked {@code wait()}'s own, and the park frame ttd supplied
 * printed {@code java.base/} where 17 prints {@code java.base@17.0.15/}.
 */
class BlockedThreadDumpTest {

  private static final String PROGRAM = String.join("\n",
      "import java.lang.management.*;",
      "import java.util.concurrent.locks.LockSupport;",
      "public class Blocked {",
      "  public static void main(String[] a) throws Exception {",
      "    Object lock = new Object();",
      "    Thread sleeper = new Thread(() -> { try { Thread.sleep(600000); } catch (InterruptedException e) { } }, \"sleeper\");",
      "    Thread[] ts = {",
      "      new Thread(() -> { synchronized (lock) { try { lock.wait(); } catch (InterruptedException e) { } } }, \"waiter\"),",
      "      new Thread(() -> { synchronized (lock) { try { lock.wait(600000); } catch (InterruptedException e) { } } }, \"timed-waiter\"),",
      "      new Thread(() -> LockSupport.park(), \"parker\"),",
      "      new Thread(() -> { try { sleeper.join(); } catch (InterruptedException e) { } }, \"joiner\"),",
      "      new Thread(() -> { try { sleeper.join(600000); } catch (InterruptedException e) { } }, \"timed-joiner\") };",
      "    sleeper.setDaemon(true); sleeper.start();",
      "    for (Thread t : ts) { t.setDaemon(true); t.start(); }",
      "    for (Thread t : ts) while (t.getState() == Thread.State.NEW || t.getState() == Thread.State.RUNNABLE) Thread.sleep(10);",
      "    ThreadMXBean mx = ManagementFactory.getThreadMXBean();",
      "    for (Thread t : ts) {",
      "      System.out.println(t.getName() + \" \" + t.getState());",
      "      for (StackTraceElement e : t.getStackTrace()) System.out.println(\"  \" + e);",
      "      ThreadInfo info = mx.getThreadInfo(t.getId(), 20);",
      "      System.out.println(\" info \" + info.getThreadState());",
      "      for (StackTraceElement e : info.getStackTrace()) System.out.println(\"  \" + e);",
      "    }",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> threadsBlockedInTheJdksWaitsDumpAsInAPlainRun() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("waits, parks and joins dumped on " + jvm.label(), () -> dumps(jvm)));
    }
    return tests;
  }

  private static void dumps(Jvm jvm) {
    Path work = Scratch.dir("blocked-dump-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Blocked", PROGRAM);
    Outcome plain = Exec.run(List.of(jvm.java(), "-cp", classes.toString(), "Blocked"), work);
    assertEquals(0, plain.exitStatus(), plain.describe());
    assertTrue(plain.stdout().contains("java.lang.Thread.join"), "the plain run's dump shows joins:" + plain.describe());
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Blocked");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(withoutHiddenClasses(plain.stdout()), withoutHiddenClasses(recorded.stdout()),
        "the recorded dump differs from the plain run's:" + recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of the dump on " + jvm);
  }

  /** A lambda's frame names its hidden class by an address in a plain run, which no two runs share. */
  private static String withoutHiddenClasses(String out) {
    return out.lines().filter(l -> !l.contains("$$Lambda")).collect(Collectors.joining("\n"));
  }
}
