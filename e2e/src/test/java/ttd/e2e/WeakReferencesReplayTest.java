package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a program sees of the collector through weak references is the same in record and replay:
 * ttd keeps weak referents reachable in both, so the collections the JVM runs on its own clear none
 * of them. Without it, Log4j's logger registry, the JDK HttpClient's selector loop and {@code
 * WeakHashMap} took another branch whenever the replay's collector ran at another moment ({@code
 * spring.BootWebApp} left its recorded path in Log4j's registry; {@code jdkhttp.AsyncFanOut} and
 * {@code tomcat.EmbeddedServlet} diverged now and then in the selector thread). A collection the
 * program asks for ({@code System.gc()}) runs where it asks in both modes with the holds let go, so
 * it clears what the program no longer reaches, and a program that waits for a clear (H2 before it
 * maps a file again) goes on. The plain run shows the program does see both kinds of clear.
 */
class WeakReferencesReplayTest {

  private static final String PROGRAM = """
      import java.lang.ref.*;
      import java.util.*;
      public class DropsWeakReferents {
        static byte[] sink;
        public static void main(String[] args) throws Exception {
          WeakReference<Object> young = new WeakReference<>(new Object());
          churn();
          System.out.println("after the JVM's own collections " + (young.get() == null ? "cleared" : "kept"));

          Object held = new Object();
          WeakReference<Object> reached = new WeakReference<>(held);
          WeakReference<Object> weak = new WeakReference<>(new Object());
          ReferenceQueue<Object> queue = new ReferenceQueue<>();
          WeakReference<Object> queued = new WeakReference<>(new Object(), queue);
          WeakHashMap<Object, String> map = new WeakHashMap<>();
          for (int i = 0; i < 1000; i++) {
            map.put(new Object(), "v" + i);
          }
          System.gc();
          System.out.println("asked for: weak " + (weak.get() == null ? "cleared" : "kept")
              + ", queued " + (queued.refersTo(null) ? "cleared" : "kept")
              + ", reached " + (reached.get() == held ? "kept" : "cleared"));
          System.out.println("polled " + (queue.poll() == queued) + ", map " + map.size());

          WeakReference<Object> awaited = new WeakReference<>(new Object());
          int asks = 0;
          while (awaited.get() != null && asks < 50) {
            System.gc();
            asks++;
            Thread.sleep(5);
          }
          System.out.println("awaited clear after " + asks + " ask(s)");

          WeakReference<Object> direct = new WeakReference<>(new Object());
          Runtime.getRuntime().gc();
          System.out.println("the runtime's gc " + (direct.get() == null ? "cleared" : "kept"));

          WeakReference<Object> later = new WeakReference<>(new Object());
          churn();
          System.out.println("later, after the JVM's own collections " + (later.get() == null ? "cleared" : "kept")
              + ", reached " + (reached.get() == held ? "kept" : "cleared"));
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
  void theJvmsOwnCollectionsClearNoWeakReferentButTheProgramsRequestedOnesDo(Jvm jvm) throws Exception {
    Path work = Scratch.dir("weak-references-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "DropsWeakReferents", PROGRAM);
    Outcome plain = Exec.run(
        List.of(jvm.java(), "-Xmn16m", "-cp", classes.toString(), "DropsWeakReferents"), work);
    assertEquals(0, plain.exitStatus(), plain.describe());
    assertEquals("after the JVM's own collections cleared", plain.stdoutLines().get(0), plain.describe());
    assertEquals("asked for: weak cleared, queued cleared, reached kept", plain.stdoutLines().get(1), plain.describe());

    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "DropsWeakReferents");
    assertEquals(
        List.of(
            "after the JVM's own collections kept",
            "asked for: weak cleared, queued cleared, reached kept",
            "polled true, map 0",
            "awaited clear after 1 ask(s)",
            "the runtime's gc cleared",
            "later, after the JVM's own collections kept, reached kept"),
        recorded.stdoutLines(),
        recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of DropsWeakReferents");
  }
}
