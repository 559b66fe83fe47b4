package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ModuleLayer.boot().modules()} iterates in the recorded order. The JVM hashes the boot
 * layer's modules while it defines them, before any agent runs, in an order its random salt
 * decides, so every JVM holds another permutation of their identity hashes; the set the JDK built
 * from them on first use iterated in another order in every replay (Hazelcast's {@code
 * ModularJavaUtils} walks it). Before the fix both replays below diverged at the first line on 17
 * and 25 (the odds of a replay JVM drawing the recorded permutation are nil).
 */
class BootLayerModulesReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.util.stream.*;",
          "public class BootModules {",
          "  public static void main(String[] a) {",
          "    System.out.println(\"walked \" + ModuleLayer.boot().modules().stream()",
          "        .map(Module::getName).collect(Collectors.joining(\" \")));",
          "    StringBuilder first = new StringBuilder();",
          "    for (Module m : ModuleLayer.boot().modules()) if (m.getName().startsWith(\"jdk.\")) first.append(m.getName()).append(' ');",
          "    System.out.println(\"iterated \" + first);",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theBootLayersModulesIterateInTheRecordedOrder(Jvm jvm) throws Exception {
    Path work = Scratch.dir("boot-modules-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "BootModules", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "BootModules");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("java.base"), recorded.describe());
    for (int replay = 1; replay <= 2; replay++) {
      ReplayAssertions.assertSameOutput(
          recorded, TtdRun.replay(jvm, recording), "replay " + replay + " of BootModules on " + jvm);
    }
  }
}
