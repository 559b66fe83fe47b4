package ttd.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Chronicle opened from several threads of one JVM at once, as a replay's threads open their readers. */
class ChronicleSettingsTest {

  @TempDir Path dir;

  @Test
  void threadsOpeningOneQueueTogetherAllReadItAndLeaveNoChronicleSwitchSet() throws Exception {
    try (TraceWriter w = new TraceWriter(dir)) {
      w.appendThread(0, "main");
      w.appendEnd(0, "exit");
    }
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int round = 0; round < 10; round++) {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<String>> names = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          names.add(pool.submit(() -> {
            go.await();
            try (TraceReader r = new TraceReader(dir)) {
              return r.next().name();
            }
          }));
        }
        go.countDown();
        for (Future<String> name : names) {
          assertEquals("main", name.get());
        }
        assertNull(System.getProperty("chronicle.table.store.timeoutMS"), "a switch stayed set after round " + round);
        assertNull(System.getProperty("system.properties"), "a switch stayed set after round " + round);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void openingAQueueLeavesTheProgramsPropertiesTableAsItWas() throws Exception {
    try (TraceWriter w = new TraceWriter(dir)) {
      w.appendThread(0, "main");
      w.appendEnd(0, "exit");
    }
    java.util.Properties before = System.getProperties();
    String order = String.valueOf(before.keySet());
    try (TraceReader r = new TraceReader(dir)) {
      assertEquals("main", r.next().name());
    }
    assertSame(before, System.getProperties());
    assertEquals(order, String.valueOf(System.getProperties().keySet()));
  }
}
