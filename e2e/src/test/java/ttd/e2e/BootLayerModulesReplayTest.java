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

  /**
   * The JDK's service providers as {@code ServiceLoader} meets them, and the hash the program draws
   * after JDK 17's {@code Security.getProvider}, which instantiates providers in that order until
   * one matches. Before the fix the order differed from run to run (8 providers on 17) and the
   * replays diverged at the first line on 17, and in 1 of 2 recordings on 25.
   */
  private static final String SERVICES =
      String.join(
          "\n",
          "import java.security.Provider;",
          "import java.util.*;",
          "public class JdkProviders {",
          "  public static void main(String[] a) {",
          "    List<String> names = new ArrayList<>();",
          "    for (ServiceLoader.Provider<Provider> p : ServiceLoader.load(Provider.class).stream().toList())",
          "      names.add(p.type().getName());",
          "    System.out.println(\"met \" + names);",
          "    java.security.Security.getProvider(\"SunJCE\");",
          "    System.out.println(\"then \" + Integer.toHexString(new Object().hashCode()));",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theBootLayersModulesIterateInTheRecordedOrder(Jvm jvm) throws Exception {
    recordsAndReplaysTwice(jvm, "BootModules", PROGRAM, "java.base");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theJdksServiceProvidersLoadInTheRecordedOrder(Jvm jvm) throws Exception {
    recordsAndReplaysTwice(jvm, "JdkProviders", SERVICES, "SunPKCS11");
  }

  private static void recordsAndReplaysTwice(Jvm jvm, String main, String source, String printed) {
    Path work = Scratch.dir("boot-layer-" + main + "-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), main, source);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), main);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains(printed), recorded.describe());
    for (int replay = 1; replay <= 2; replay++) {
      ReplayAssertions.assertSameOutput(
          recorded, TtdRun.replay(jvm, recording), "replay " + replay + " of " + main + " on " + jvm);
    }
  }
}
