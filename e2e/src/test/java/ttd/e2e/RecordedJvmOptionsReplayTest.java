package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A recording made with a diagnostic JVM option, unlocked as the JVM asks (profilers advise
 * {@code -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints}), replays: the replay JVM got
 * ttd's own unlock after the recorded options, and the JVM refused to start ("The unlock option
 * must precede 'DebugNonSafepoints'"), on JDK 17 and 25.
 */
class RecordedJvmOptionsReplayTest {

  private static final String PROGRAM = """
      public class Profiled {
        public static void main(String[] args) {
          System.out.println("profiled " + System.nanoTime());
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aRecordingWithAnUnlockedDiagnosticOptionReplays(Jvm jvm) {
    Path work = Scratch.dir("recorded-jvm-options-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Profiled", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes.toString(), "Profiled", List.of(),
        new byte[0], "-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of Profiled on " + jvm);
  }
}
