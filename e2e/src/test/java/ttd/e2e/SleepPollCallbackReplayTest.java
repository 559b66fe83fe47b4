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
 * A thread that polls with {@code Thread.sleep} for another thread's progress, in code the JDK
 * calls back (a {@code forEach}'s lambda, a dynamic proxy's handler, as H2's wait for a closing
 * database is reached through JDBI's and Spring's proxies). The recording kept the baton at such a
 * sleep, since JDK code below might hold a monitor, so the awaited thread never ran and the poll
 * ran to its deadline: "TIMED OUT" in every recording, never in a plain run. A sleep under a
 * callback that holds no JDK monitor now gives up the baton like any other; one under a JDK
 * monitor ({@code computeIfAbsent}'s) still keeps it ({@link JdkMonitorReplayTest}).
 */
class SleepPollCallbackReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.lang.reflect.Proxy;",
      "import java.util.List;",
      "public class Poller {",
      "  public interface Waiter { String await() throws Exception; }", // public: its proxy is a jdk.proxyN class
      "  static volatile boolean done;",
      "  static String waitForWorker(String how) throws Exception {",
      "    done = false;",
      "    Thread t = new Thread(() -> { done = true; }, \"worker-\" + how);",
      "    t.start();",
      "    long start = System.nanoTime();",
      "    int polls = 0;",
      "    while (!done) {",
      "      if (System.nanoTime() - start > 10_000_000_000L) { return how + \": TIMED OUT\"; }",
      "      polls++;",
      "      Thread.sleep(1);",
      "    }",
      "    t.join();",
      "    return how + \": \" + t.getName() + \" ran after \" + polls + \" polls, \" + System.identityHashCode(new Object());",
      "  }",
      "  public static void main(String[] args) throws Exception {",
      "    System.out.println(waitForWorker(\"direct\"));",
      "    List.of(\"x\").forEach(x -> {",
      "      try { System.out.println(waitForWorker(\"forEach\")); } catch (Exception e) { throw new RuntimeException(e); }",
      "    });",
      "    Waiter w = (Waiter) Proxy.newProxyInstance(Poller.class.getClassLoader(), new Class<?>[] {Waiter.class},",
      "        (p, m, a) -> waitForWorker(\"proxy\"));",
      "    System.out.println(w.await());",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aSleepPollInACallbackLetsTheAwaitedThreadRun() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a sleep poll under forEach and a proxy records and replays on " + jvm.label(), () -> {
        Path work = Scratch.dir("sleep-poll-callback-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Poller", PROGRAM);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Poller");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertFalse(recorded.stdout().contains("TIMED OUT"), recorded.describe());
        for (String how : List.of("direct", "forEach", "proxy")) {
          assertTrue(recorded.stdout().contains(how + ": worker-" + how + " ran"), recorded.describe());
        }
        Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
        ReplayAssertions.assertSameOutput(recorded, replayed, "replay of sleep polls in callbacks on " + jvm);
      }));
    }
    return tests;
  }
}
