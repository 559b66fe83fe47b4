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
 * The common pool's workers are scheduled threads for their whole life, also after the JDK has
 * erased their thread locals between two tasks, so none parks for real while it holds the
 * scheduler's baton.
 *
 * <p>Before, a worker's second task ran as a thread ttd did not know: it parked in the JVM while
 * holding the baton, the recording stopped after 5 s ("holds the scheduler's baton but has been
 * waiting in the JVM") and its replay ended at event #0.
 */
class CommonPoolReplayTest {

  /** The program: tasks on the common pool beside a busy main thread. */
  private static final String COMMON_POOL = String.join("\n",
      "import java.util.concurrent.*;",
      "import java.util.concurrent.atomic.*;",
      "public class CommonPool {",
      "  public static void main(String[] a) throws Exception {",
      "    ConcurrentHashMap<Integer, Integer> m = new ConcurrentHashMap<>();",
      "    AtomicInteger done = new AtomicInteger();",
      "    for (int i = 0; i < 20000; i++) {",
      "      int k = ThreadLocalRandom.current().nextInt(500);",
      "      m.merge(k, 1, Integer::sum);",
      "      if (i % 50 == 0) ForkJoinPool.commonPool().execute(() -> { m.keySet().removeIf(x -> x % 7 == 0); done.incrementAndGet(); });",
      "    }",
      "    ForkJoinPool.commonPool().awaitQuiescence(10, TimeUnit.SECONDS);",
      "    System.out.println(\"size \" + m.size() + \" tasks \" + done.get());",
      "  }",
      "}");

  /**
   * The pool's other users: a parallel stream, a chain of {@code CompletableFuture.*Async} stages
   * and a task that blocks in {@code ForkJoinPool.managedBlock} on a queue the main thread fills
   * later; each result depends on the clock or the thread that ran it.
   */
  private static final String ASYNC = String.join("\n",
      "import java.util.*;",
      "import java.util.concurrent.*;",
      "import java.util.stream.*;",
      "public class AsyncWork {",
      "  public static void main(String[] a) throws Exception {",
      "    long sum = IntStream.range(0, 4000).parallel().mapToLong(i -> i * (System.nanoTime() % 3)).sum();",
      "    System.out.println(\"stream \" + sum);",
      "    CompletableFuture<String> chain = CompletableFuture.supplyAsync(() -> System.nanoTime() % 1000)",
      "        .thenApplyAsync(n -> n + \" on \" + Thread.currentThread().getName())",
      "        .thenCombineAsync(CompletableFuture.supplyAsync(() -> UUID.randomUUID().toString().length()), (x, y) -> x + \" \" + y);",
      "    System.out.println(\"chain \" + chain.get());",
      "    LinkedBlockingQueue<Long> q = new LinkedBlockingQueue<>();",
      "    ForkJoinTask<Long> taker = ForkJoinPool.commonPool().submit(() -> {",
      "      long[] got = new long[1];",
      "      ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {",
      "        public boolean block() throws InterruptedException { got[0] = q.take(); return true; }",
      "        public boolean isReleasable() { Long v = q.poll(); if (v != null) got[0] = v; return v != null; }",
      "      });",
      "      return got[0];",
      "    });",
      "    Thread.sleep(50);",
      "    q.put(System.currentTimeMillis() % 997);",
      "    System.out.println(\"taken \" + taker.get());",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> commonPoolWorkReplays() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("tasks on the common pool beside a busy main thread replay on " + jvm.label(),
          () -> replays(jvm, "CommonPool", COMMON_POOL, 3)));
      tests.add(dynamicTest("parallel streams, async stages and managed blocking replay on " + jvm.label(),
          () -> replays(jvm, "AsyncWork", ASYNC, 3)));
    }
    return tests;
  }

  private static void replays(Jvm jvm, String main, String source, int replays) {
    Path work = Scratch.dir("common-pool-" + main + "-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), main, source);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), main);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertFalse(recorded.stderr().contains("ttd:"), "ttd stopped recording:" + recorded.describe());
    assertTrue(recorded.stdout().endsWith("\n") && !recorded.stdout().isBlank(), recorded.describe());
    for (int i = 1; i <= replays; i++) {
      Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
      ReplayAssertions.assertSameOutput(recorded, replayed, "replay " + i + " of " + main + " on " + jvm);
    }
  }
}
