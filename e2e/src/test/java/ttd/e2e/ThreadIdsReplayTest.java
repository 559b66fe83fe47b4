package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code ThreadMXBean.getAllThreadIds()} lists the threads {@code Thread.getAllStackTraces()} does,
 * in record and replay: not ttd's own (the recording's log page toucher, which starts once the log
 * passes 1 MiB) nor a pool's workers that ended in the schedule while their real threads finish.
 * Before, the recording listed the toucher and the replay did not (Micrometer's JVM thread metrics
 * counted threads by state from that list, and its replay diverged at the thread infos).
 */
class ThreadIdsReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.lang.management.*;",
      "import java.util.*;",
      "import java.util.concurrent.*;",
      "public class ThreadIds {",
      "  public static void main(String[] args) throws Exception {",
      "    ExecutorService pool = Executors.newFixedThreadPool(4);",
      "    List<Future<Long>> done = new ArrayList<>();",
      "    for (int i = 0; i < 40; i++) done.add(pool.submit(() -> { long s = 0; for (int k = 0; k < 50_000; k++) s += k ^ System.nanoTime(); return s; }));",
      "    for (Future<Long> f : done) f.get();",
      "    pool.shutdown();",
      "    pool.awaitTermination(5, TimeUnit.SECONDS);",
      "    ThreadMXBean mx = ManagementFactory.getThreadMXBean();",
      "    long[] ids = mx.getAllThreadIds();",
      "    Set<Long> traced = new TreeSet<>();",
      "    for (Thread t : Thread.getAllStackTraces().keySet()) traced.add(t.getId());",
      "    Set<Long> listed = new TreeSet<>();",
      "    for (long id : ids) listed.add(id);",
      "    Set<String> names = new TreeSet<>();",
      "    for (ThreadInfo i : mx.getThreadInfo(ids)) if (i != null) names.add(i.getThreadName());",
      "    System.out.println(\"the same threads as the stack traces: \" + listed.equals(traced) + \", \" + names);",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> threadIdsListTheProgramsThreadsOnly() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("thread ids after a pool replay on " + jvm.label(), () -> {
        Path work = Scratch.dir("thread-ids-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "ThreadIds", PROGRAM);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "ThreadIds");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertEquals(List.of("the same threads as the stack traces: true"),
            List.of(recorded.stdout().split(", \\[")[0]), recorded.describe());
        ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
            "replay of thread ids on " + jvm);
      }));
    }
    return tests;
  }
}
