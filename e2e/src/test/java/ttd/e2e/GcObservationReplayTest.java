package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * What a program observes of the garbage collector replays as recorded: a program that naps until
 * a periodic collection clears the referent of its own {@code WeakReference} subclass, then
 * allocates until a forced collection clears a plain one, and branches on both.
 *
 * <p>The recorded run's collector clears the first referent while the program sleeps; a replay's
 * sleeps return at once, so without the recorded clear its loop finds the referent still there and
 * comes to a nap the recording never took (main diverged so on every run). ttd now answers
 * "cleared" at the look where the recording found it, and holds the referent until then.
 */
class GcObservationReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.lang.ref.WeakReference;",
      "public class ClearedHandle {",
      "  static final class Handle extends WeakReference<Object> {",
      "    Handle(Object o) { super(o); }",
      "  }",
      "  static byte[] junk;",
      "  public static void main(String[] args) throws Exception {",
      "    Handle handle = new Handle(new int[1024]);",
      "    int naps = 0;",
      "    while (handle.get() != null && naps < 600) {",
      "      Thread.sleep(100);",
      "      naps++;",
      "    }",
      "    boolean cleared = handle.refersTo(null);",
      "    System.out.println(cleared ? \"cleared during a nap\" : \"still there after \" + naps + \" naps\");",
      "    long sum = 0;",
      "    for (int i = 0; i < (cleared ? 1000 : 10); i++) {",
      "      sum += System.nanoTime() % 7;",
      "    }",
      "    System.out.println(\"work after the clear: \" + (sum >= 0));",
      "    WeakReference<byte[]> plain = new WeakReference<>(new byte[1 << 20]);",
      "    int round = 0;",
      "    while (plain.get() != null && round < 100_000) {",
      "      junk = new byte[1024];",
      "      if (round % 5000 == 4999) {",
      "        System.gc();",
      "      }",
      "      round++;",
      "    }",
      "    System.out.println(plain.get() == null ? \"cleared by a collection\" : \"still there\");",
      "    Thread.sleep(round % 3);",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aProgramThatWaitsForAWeakReferenceToBeClearedReplaysTheRecordedClear() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a reference cleared by the collector on " + jvm.label(), () -> clearedHandle(jvm)));
    }
    return tests;
  }

  private static void clearedHandle(Jvm jvm) {
    Path work = Scratch.dir("gc-observation-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "ClearedHandle", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), List.of(), classes.toString(), "ClearedHandle",
        List.of(), new byte[0], "-XX:+UseG1GC", "-XX:G1PeriodicGCInterval=200");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("cleared during a nap\nwork after the clear: true\n"),
        "a periodic collection clears the referent while the program naps: " + recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of a program waiting for a clear on " + jvm);
  }
}
