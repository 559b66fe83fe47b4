package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The listeners a program adds to the garbage collectors' beans run where the recording ran them:
 * the JVM calls them after each collection, at moments only the collector decides, and a replay's
 * collector runs at others. Each program here forces collections and lets main look at what its
 * listeners counted while it works, so where each notification came shows in its output.
 *
 * <p>Before, the JVM's notification thread ran the listeners in replay as in the recording, where
 * its own collections fell: with the jar before the fix, the first replay of each program here
 * diverged on both JDKs (exit 86), and an earlier Micrometer program in 1 of 3 replays on JDK 25
 * (docs/compat.md).
 */
class GcNotificationReplayTest {

  private static final String GC_WATCH = String.join("\n",
      "import com.sun.management.GarbageCollectionNotificationInfo;",
      "import java.lang.management.*;",
      "import java.util.*;",
      "import javax.management.*;",
      "import javax.management.openmbean.CompositeData;",
      "public class GcWatch {",
      "  static final Map<String, Long> pauses = new TreeMap<>();",
      "  static long notes;",
      "  public static void main(String[] a) throws Exception {",
      "    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {",
      "      ((NotificationEmitter) gc).addNotificationListener((n, hb) -> {",
      "        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());",
      "        long used = info.getGcInfo().getMemoryUsageAfterGc().values().stream().mapToLong(MemoryUsage::getUsed).sum();",
      "        synchronized (pauses) {",
      "          notes++;",
      "          pauses.merge(info.getGcName() + \"/\" + info.getGcCause(), info.getGcInfo().getDuration(), Long::sum);",
      "          if (notes <= 3) System.out.println(\"gc \" + n.getSequenceNumber() + \" \" + info.getGcAction() + \" on \"",
      "              + Thread.currentThread().getName() + \", used after \" + used);",
      "        }",
      "      }, null, null);",
      "    }",
      "    List<byte[]> keep = new ArrayList<>();",
      "    long seen = 0;",
      "    for (int i = 0; i < 20000; i++) {",
      "      byte[] b = new byte[10_000 + i % 1000];",
      "      b[i % b.length] = (byte) i;",
      "      if (i % 10 == 0) keep.add(b);",
      "      if (keep.size() > 500) keep.clear();",
      "      if (i % 5000 == 0) System.gc();",
      "      if (i % 1000 == 0) Thread.sleep(1);",
      "      synchronized (pauses) { seen += notes; }",
      "    }",
      "    Thread.sleep(200);",
      "    synchronized (pauses) { System.out.println(\"notifications \" + notes + \", seen by main \" + seen + \", pauses \" + pauses); }",
      "  }",
      "}");

  private static final String GC_METRICS = String.join("\n",
      "import io.micrometer.core.instrument.*;",
      "import io.micrometer.core.instrument.binder.jvm.*;",
      "import io.micrometer.core.instrument.simple.SimpleMeterRegistry;",
      "import java.util.*;",
      "import java.util.concurrent.*;",
      "public class GcMetrics {",
      "  public static void main(String[] a) throws Exception {",
      "    SimpleMeterRegistry registry = new SimpleMeterRegistry();",
      "    try (JvmGcMetrics gc = new JvmGcMetrics()) {",
      "      gc.bindTo(registry);",
      "      new JvmMemoryMetrics().bindTo(registry);",
      "      new JvmThreadMetrics().bindTo(registry);",
      "      ExecutorService pool = Executors.newFixedThreadPool(3);",
      "      List<Future<Long>> parts = new ArrayList<>();",
      "      for (int p = 0; p < 6; p++) {",
      "        int seed = p;",
      "        parts.add(pool.submit(() -> {",
      "          Random r = new Random(seed);",
      "          long s = 0;",
      "          List<int[]> keep = new ArrayList<>();",
      "          for (int i = 0; i < 40000; i++) {",
      "            int[] x = new int[200 + r.nextInt(2000)];",
      "            x[0] = i;",
      "            if (i % 7 == 0) keep.add(x);",
      "            if (keep.size() > 2000) keep.clear();",
      "            s += x.length;",
      "            if (i % 4000 == 0) { registry.counter(\"work\", \"part\", \"\" + seed).increment(); Thread.sleep(1); }",
      "          }",
      "          return s;",
      "        }));",
      "      }",
      "      long total = 0;",
      "      for (Future<Long> f : parts) total += f.get();",
      "      System.gc();",
      "      Thread.sleep(300);",
      "      pool.shutdown();",
      "      System.out.println(\"total \" + total);",
      "      long pauses = 0;",
      "      double millis = 0;",
      "      for (io.micrometer.core.instrument.Timer t : registry.find(\"jvm.gc.pause\").timers()) { pauses += t.count(); millis += t.totalTime(TimeUnit.MILLISECONDS); }",
      "      System.out.println(\"gc pauses \" + pauses + \" taking \" + millis + \" ms\");",
      "      System.out.println(\"allocated \" + (long) registry.find(\"jvm.gc.memory.allocated\").counter().count());",
      "      System.out.println(\"live threads \" + registry.find(\"jvm.threads.live\").gauge().value());",
      "    }",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void listenersOfTheCollectorsBeansRunWhereTheRecordingRanThem(Jvm jvm) throws Exception {
    Path work = Scratch.dir("gc-watch-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "GcWatch", GC_WATCH);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "GcWatch");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    Matcher m = Pattern.compile("notifications (\\d+), seen by main (\\d+)").matcher(recorded.stdout());
    assertTrue(m.find(), recorded.describe());
    assertTrue(Long.parseLong(m.group(1)) >= 4, "a notification for each System.gc() at least: " + recorded.describe());
    assertTrue(recorded.stdout().startsWith("gc 1 end of "), recorded.describe());
    for (int i = 0; i < 2; i++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
          "replay " + i + " of GC notifications on " + jvm);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void micrometersGcMetricsReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("gc-metrics-" + jvm.label());
    String micrometer = LibraryJars.classPath(io.micrometer.core.instrument.MeterRegistry.class,
        io.micrometer.common.util.StringUtils.class, io.micrometer.observation.Observation.class,
        org.HdrHistogram.Histogram.class, org.LatencyUtils.PauseDetector.class);
    Path classes = JavaSource.compile(work.resolve("classes"), "GcMetrics", GC_METRICS, micrometer);
    String classPath = classes + File.pathSeparator + micrometer;
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classPath, "GcMetrics");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("total 288171206\ngc pauses "), recorded.describe());
    assertTrue(!recorded.stdout().contains("gc pauses 0 "), "System.gc() at least: " + recorded.describe());
    for (int i = 0; i < 2; i++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
          "replay " + i + " of Micrometer's GC metrics on " + jvm);
    }
  }
}
