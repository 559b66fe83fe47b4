package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The iteration order of {@code Set.of} sets replays. The JDK draws it at boot ({@code
 * ImmutableCollections.SALT32L}/{@code REVERSE}), and the replay writes back the recorded value;
 * code the JIT compiled at boot had folded the replay JVM's own value, and two-element sets are
 * iterated by an anonymous class ({@code Set12$1}) that kept it. Found by the divergence finder on
 * the corpus's {@code groovy.ScriptShell}: Groovy's {@code Java9} plugin walks the system modules'
 * exports with {@code anyMatch}, took another number of turns in replay, and main ended at another
 * tick. Each replay JVM draws its own boot order, and a replay that draws the recorded one passed
 * before the fix as well, so the recording is replayed in four JVMs: before the fix each one
 * diverged with odds of one half (measured: 5 of 16 replays of four recordings, JDK 17 and 25).
 */
class ImmutableSetOrderReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.util.*;",
          "public class TwoElementSets {",
          "  public static void main(String[] a) {",
          "    Set<String> pair = Set.of(\"left\", \"right\");",
          "    StringBuilder iterated = new StringBuilder();",
          "    for (String e : pair) iterated.append(e).append(' ');",
          "    System.out.println(\"iterated \" + iterated + \"array \" + Arrays.toString(pair.toArray()));",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aTwoElementSetIteratesInTheRecordedOrderInEveryReplayJvm(Jvm jvm) throws Exception {
    Path work = Scratch.dir("set-order-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "TwoElementSets", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "TwoElementSets");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    for (int replay = 1; replay <= 4; replay++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay " + replay + " of TwoElementSets");
    }
  }
}
