package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The program's phantom references are held like its weak ones ({@link WeakReferencesReplayTest}):
 * the collector enqueues none of them on its own schedule, in record and replay alike, and a
 * {@code System.gc()} the program asks for enqueues those whose referents it no longer reaches.
 * Before, H2's {@code CloseWatcher} (a phantom reference per JDBC connection, its queue polled
 * whenever a connection opens) found leaked connections at moments the collector decided: DBCP2's
 * evictor over H2 replayed identically 4 times in 25 on JDK 25, and a reduction that drains a
 * phantom queue every 10 ms diverged in 4 of 4 replays on 17. The plain run shows the program does
 * see the collector enqueue them.
 */
class PhantomReferencesReplayTest {

  private static final String PROGRAM = """
      import java.lang.ref.*;
      public class DropsPhantomReferents {
        static byte[] sink;
        static final class Watch extends PhantomReference<Object> {
          final String name;
          Watch(Object referent, ReferenceQueue<Object> queue, String name) {
            super(referent, queue);
            this.name = name;
          }
        }
        public static void main(String[] args) throws Exception {
          ReferenceQueue<Object> queue = new ReferenceQueue<>();
          PhantomReference<Object> plain = new PhantomReference<>(new Object(), queue);
          Watch watch = new Watch(new Object(), queue, "leaked");
          churn();
          Thread.sleep(50);
          System.out.println("after the JVM's own collections " + drain(queue) + " enqueued");

          Object held = new Object();
          Watch reached = new Watch(held, queue, "reached");
          Watch dropped = new Watch(new Object(), queue, "dropped");
          int asks = 0;
          int enqueued = 0;
          while (enqueued < 3 && asks < 50) {
            System.gc();
            asks++;
            Thread.sleep(5);
            enqueued += drain(queue);
          }
          System.out.println("asked for: " + enqueued + " enqueued, reached "
              + (reached.refersTo(held) ? "kept" : "cleared"));

          Watch later = new Watch(new Object(), queue, "later");
          churn();
          Thread.sleep(50);
          System.out.println("later, after the JVM's own collections " + drain(queue) + " enqueued, reached "
              + (reached.refersTo(held) ? "kept" : "cleared") + " " + plain.refersTo(null) + " " + watch.name
              + " " + dropped.name + " " + later.name);
        }
        static int drain(ReferenceQueue<Object> queue) {
          int n = 0;
          while (queue.poll() != null) {
            n++;
          }
          return n;
        }
        static void churn() {
          for (int i = 0; i < 400_000; i++) {
            sink = new byte[1024];
          }
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theJvmsOwnCollectionsEnqueueNoPhantomReferenceButTheProgramsRequestedOnesDo(Jvm jvm) throws Exception {
    Path work = Scratch.dir("phantom-references-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "DropsPhantomReferents", PROGRAM);
    Outcome plain = Exec.run(
        List.of(jvm.java(), "-Xmn16m", "-cp", classes.toString(), "DropsPhantomReferents"), work);
    assertEquals(0, plain.exitStatus(), plain.describe());
    assertEquals("after the JVM's own collections 2 enqueued", plain.stdoutLines().get(0), plain.describe());

    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "DropsPhantomReferents");
    assertEquals(
        List.of(
            "after the JVM's own collections 0 enqueued",
            "asked for: 3 enqueued, reached kept",
            "later, after the JVM's own collections 0 enqueued, reached kept true leaked dropped later"),
        recorded.stdoutLines(),
        recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of DropsPhantomReferents");
  }
}
