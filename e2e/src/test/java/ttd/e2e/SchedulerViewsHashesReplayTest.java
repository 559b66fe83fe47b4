package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's identity hashes after its first {@code TreeSet.tailSet}, once other threads have
 * run, replay as recorded. The recording's scheduler picks the next thread round robin through a
 * {@code TreeMap}'s tail and head views, and so linked their classes inside agent work in that mode
 * only; the replay's program linked them itself on main and drew other hashes (Drools' worker
 * thread names, Jython's; 0 of 6 replays on JDK 17 and 25 before). {@code StartupSymmetry} walks
 * those views in both modes.
 */
class SchedulerViewsHashesReplayTest {

  private static final String PROGRAM = """
      import java.util.*;
      public class TailSet {
        static volatile long sink;
        public static void main(String[] args) throws Exception {
          Thread[] spinners = new Thread[2];
          for (int i = 0; i < spinners.length; i++) {
            spinners[i] = new Thread(() -> {
              long s = 0;
              for (int k = 0; k < 2_000_000; k++) {
                s += k ^ (s >>> 3);
              }
              sink = s;
            }, "spin-" + i);
            spinners[i].start();
          }
          for (Thread t : spinners) {
            t.join();
          }
          SortedSet<Integer> tail = new TreeSet<>(List.of(5, 10, 15, 20)).tailSet(12);
          System.out.println("tail " + tail + " then " + System.identityHashCode(new Object()) + " "
              + System.identityHashCode(new Object()));
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void hashesAfterTheProgramsFirstTailSetReplay(Jvm jvm) {
    Path work = Scratch.dir("scheduler-views-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "TailSet", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "TailSet");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("tail [15, 20] then "), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of TailSet on " + jvm);
  }
}
