package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a program sees of the collector through weak references is the same in record and replay:
 * ttd keeps weak referents reachable in both, so a collection clears none of them. Without it,
 * Log4j's logger registry, the JDK HttpClient's selector loop and {@code WeakHashMap} took another
 * branch whenever the replay's collector ran at another moment ({@code spring.BootWebApp} left its
 * recorded path in Log4j's registry; {@code jdkhttp.AsyncFanOut} and {@code
 * tomcat.EmbeddedServlet} diverged now and then in the selector thread). The plain run shows that
 * the program does see a clear when nothing holds the referents (not the map's size there: when
 * the reference handler thread queues the cleared entries is timing, on JDK 25 often after the
 * print).
 */
class WeakReferencesReplayTest {

  private static final String PROGRAM = """
      import java.lang.ref.*;
      import java.util.*;
      public class DropsWeakReferents {
        public static void main(String[] args) {
          WeakReference<Object> weak = new WeakReference<>(new Object());
          ReferenceQueue<Object> queue = new ReferenceQueue<>();
          WeakReference<Object> queued = new WeakReference<>(new Object(), queue);
          WeakHashMap<Object, String> map = new WeakHashMap<>();
          for (int i = 0; i < 1000; i++) {
            map.put(new Object(), "v" + i);
          }
          System.gc();
          System.out.println("weak " + (weak.get() == null ? "cleared" : "kept"));
          System.out.println("queued " + (queued.refersTo(null) ? "cleared" : "kept"));
          System.out.println("map " + map.size());
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void weakReferentsAreKeptAliveAlikeInRecordAndReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("weak-references-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "DropsWeakReferents", PROGRAM);
    Outcome plain = Exec.run(
        List.of(jvm.java(), "-cp", classes.toString(), "DropsWeakReferents"), work);
    assertEquals(3, plain.stdoutLines().size(), plain.describe());
    // the map's size waits for the JDK's reference handler to queue the cleared entries: timing
    assertEquals(List.of("weak cleared", "queued cleared"), plain.stdoutLines().subList(0, 2), plain.describe());

    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "DropsWeakReferents");
    assertEquals(List.of("weak kept", "queued kept", "map 1000"), recorded.stdoutLines(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of DropsWeakReferents");
  }
}
