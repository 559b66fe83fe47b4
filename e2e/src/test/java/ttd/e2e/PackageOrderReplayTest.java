package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code Package.getPackages()} lists the JVM's packages in the recorded order. The boot loader's
 * come from the JVM's package table, in an order that follows memory addresses: the same in plain
 * runs, another in a recording and its replay (0 of 6 replays on JDK 17 and 25 before; Jython
 * builds its package index from this list). ttd lists them in name order in both.
 */
class PackageOrderReplayTest {

  private static final String PROGRAM = """
      public class Packages {
        public static void main(String[] args) {
          Package[] all = Package.getPackages();
          StringBuilder names = new StringBuilder("packages " + all.length);
          for (Package p : all) {
            names.append(' ').append(p.getName());
          }
          System.out.println(names);
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theProgramSeesThePackagesInTheRecordedOrder(Jvm jvm) {
    Path work = Scratch.dir("package-order-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Packages", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Packages");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains(" java.lang "), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of Packages on " + jvm);
  }
}
