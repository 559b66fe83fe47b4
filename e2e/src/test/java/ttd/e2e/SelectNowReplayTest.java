package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two threads polling one selector with {@code selectNow()} record to the end and replay. The JDK
 * selects inside the selector's monitor; the recording gave up the baton at every wait, also at a
 * {@code selectNow}'s, which cannot block, and the thread it went to blocked for real on that
 * monitor with the baton: the recording stopped after 5 s, incomplete (6 of 6 on JDK 17 and 25; the
 * JDK's HTTP client's selector thread against WireMock).
 */
class SelectNowReplayTest {

  private static final String PROGRAM = """
      import java.nio.channels.Selector;
      public class SelectNow {
        public static void main(String[] args) throws Exception {
          Selector selector = Selector.open();
          long start = System.nanoTime();
          Runnable poll = () -> {
            try {
              for (int i = 0; i < 2000; i++) {
                selector.selectNow();
              }
            } catch (Exception e) {
              throw new RuntimeException(e);
            }
          };
          Thread a = new Thread(poll, "a");
          Thread b = new Thread(poll, "b");
          a.start();
          b.start();
          a.join();
          b.join();
          selector.close();
          System.out.println("4000 selectNow calls in " + (System.nanoTime() - start) / 1_000_000 + " ms");
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void twoThreadsPollingOneSelectorRecordToTheEndAndReplay(Jvm jvm) {
    Path work = Scratch.dir("select-now-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "SelectNow", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "SelectNow");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("4000 selectNow calls in "), recorded.describe());
    assertEquals("", recorded.stderr(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of SelectNow on " + jvm);
  }
}
