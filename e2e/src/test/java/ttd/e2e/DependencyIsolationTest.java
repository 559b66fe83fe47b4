package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ttd itself uses ASM and the agent lives in the same JVM as the program, yet the program must see
 * the libraries on its own class path: GeneratedGreeter carries Byte Buddy 1.14.18 and ASM 9.2 and
 * reports which versions it actually loaded, under the agent and again in the replay.
 */
class DependencyIsolationTest {

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void programUnderTheAgentSeesItsOwnByteBuddyAndAsmAndReplaysIdentically(Jvm jvm) {
    Path recording = Scratch.dir("greeter-" + jvm.label()).resolve("recording");
    Outcome recorded = Sample.GENERATED_GREETER.record(jvm, recording, List.of());

    assertEquals(0, recorded.exitStatus(), "GeneratedGreeter failed under the agent:" + recorded.describe());
    List<String> lines = recorded.stdoutLines();
    assertTrue(
        lines.contains("bytebuddy-version=1.14.18"),
        "the program did not load its own Byte Buddy 1.14.18:" + recorded.describe());
    assertTrue(
        lines.contains("asm-class=asm-9.2.jar"),
        "the program's ASM classes did not come from its own asm-9.2.jar:" + recorded.describe());
    assertTrue(
        lines.stream().anyMatch(l -> l.startsWith("asm-api=")),
        "the program did not report its ASM API level:" + recorded.describe());
    ReplayAssertions.assertSuccessMeansExitSuccess(recorded);

    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "GeneratedGreeter on " + jvm);
  }
}
