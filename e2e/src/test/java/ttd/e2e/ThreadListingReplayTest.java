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
 * A listing of live threads made right after a pool's workers ended replays as recorded: each
 * program thread is listed from its scheduled start to its scheduled end, whatever the JVM has
 * finished of its exit by then.
 *
 * <p>Before, the baton moved on at the start of {@code Thread.exit()}, and the rest of the exit
 * (the group's bookkeeping on 17, the JVM's thread list on 25) ran beside the next thread, so the
 * recording listed workers the replay did not (Tomcat's stop walks {@code Thread.enumerate} and
 * took another number of turns in replay), and JDK 17's {@code ThreadGroup.activeCount()} counted
 * the group's members the JVM had not yet taken out.
 */
class ThreadListingReplayTest {

  private static final String LISTINGS = String.join("\n",
      "import java.util.*;",
      "import java.util.concurrent.*;",
      "public class Listings {",
      "  public static void main(String[] a) throws Exception {",
      "    ThreadGroup root = Thread.currentThread().getThreadGroup();",
      "    while (root.getParent() != null) root = root.getParent();",
      "    for (int round = 0; round < 25; round++) {",
      "      ExecutorService pool = Executors.newFixedThreadPool(1 + round % 4);",
      "      List<Future<Double>> work = new ArrayList<>();",
      "      for (int i = 0; i < 6; i++) { int k = i; work.add(pool.submit(() -> Math.sqrt(k * System.nanoTime()))); }",
      "      for (Future<Double> f : work) f.get();",
      "      if (round % 3 == 0) new Thread(() -> {}, \"brief-\" + round).start();",
      "      pool.shutdown();",
      "      pool.awaitTermination(1, TimeUnit.MINUTES);",
      "      Thread[] listed = new Thread[root.activeCount() + 50];",
      "      int n = root.enumerate(listed);",
      "      StringBuilder names = new StringBuilder();",
      "      for (int i = 0; i < n; i++) names.append(listed[i].getName()).append(',');",
      "      TreeSet<String> traced = new TreeSet<>();",
      "      for (Thread t : Thread.getAllStackTraces().keySet()) traced.add(t.getName());",
      "      String count = \" active \" + root.activeCount() + \" here \" + Thread.activeCount();",
      "      System.out.println(round + \": enumerate \" + n + \" \" + names + \" traces \" + traced + count);",
      "    }",
      "  }",
      "}");

  /** Reads back 3 MiB it wrote, so that the recording's log passes the size where ttd starts a thread of its own. */
  private static final String BIG_READ = String.join("\n",
      "import java.nio.file.*;",
      "import java.util.*;",
      "public class BigReadListing {",
      "  public static void main(String[] a) throws Exception {",
      "    Path data = Files.createTempFile(\"listing\", \".bin\");",
      "    byte[] block = new byte[1 << 16];",
      "    new Random(7).nextBytes(block);",
      "    try (var out = Files.newOutputStream(data)) {",
      "      for (int i = 0; i < 48; i++) out.write(block);",
      "    }",
      "    long sum = 0;",
      "    try (var in = Files.newInputStream(data)) {",
      "      byte[] buf = new byte[8192];",
      "      for (int n; (n = in.read(buf)) > 0; ) sum += n;",
      "    }",
      "    Files.delete(data);",
      "    ThreadGroup root = Thread.currentThread().getThreadGroup();",
      "    while (root.getParent() != null) root = root.getParent();",
      "    Thread[] listed = new Thread[root.activeCount() + 50];",
      "    int n = root.enumerate(listed);",
      "    TreeSet<String> names = new TreeSet<>();",
      "    for (int i = 0; i < n; i++) names.add(listed[i].getName());",
      "    TreeSet<String> traced = new TreeSet<>();",
      "    for (Thread t : Thread.getAllStackTraces().keySet()) traced.add(t.getName());",
      "    System.out.println(\"read \" + sum + \" enumerate \" + n + \" \" + names + \" traces \" + traced);",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> listingsOfLiveThreadsReplayAsRecorded() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("thread listings right after workers end replay on " + jvm.label(), () -> replays(jvm)));
    }
    return tests;
  }

  /**
   * ttd's own threads are not the program's: the recording starts one to fault in its log's pages
   * once the log passes 1 MiB, which the replay does not, so a program that listed every thread
   * (Tomcat's stop does) listed one more in the recording, and {@code spring.BootWebApp}'s replay
   * left its recorded path in {@code clearReferencesThreads}.
   */
  @TestFactory
  List<DynamicTest> ttdsOwnThreadsAreNotListed() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a listing after 3 MiB of input replays on " + jvm.label(), () -> {
        Path work = Scratch.dir("thread-listings-ttd-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "BigReadListing", BIG_READ);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "BigReadListing");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertTrue(recorded.stdout().contains("read 3145728 enumerate "), recorded.describe());
        assertTrue(recorded.stdout().contains("main") && !recorded.stdout().contains("ttd-"),
            "the program listed ttd's own threads:" + recorded.describe());
        ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay on " + jvm);
      }));
    }
    return tests;
  }

  private static void replays(Jvm jvm) {
    Path work = Scratch.dir("thread-listings-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Listings", LISTINGS);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Listings");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertFalse(recorded.stderr().contains("ttd:"), "ttd stopped recording:" + recorded.describe());
    assertTrue(recorded.stdout().contains("24: enumerate"), recorded.describe());
    for (int i = 1; i <= 2; i++) {
      Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
      ReplayAssertions.assertSameOutput(recorded, replayed, "replay " + i + " on " + jvm);
    }
  }
}
