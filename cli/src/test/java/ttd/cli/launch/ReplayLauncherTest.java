package ttd.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ttd.log.RecordingMetadata;
import ttd.log.TraceFormat;

class ReplayLauncherTest {

  private final Path ttdJar = Paths.get("/opt/ttd.jar");

  private RecordingMetadata recorded() {
    RecordingMetadata m = new RecordingMetadata();
    m.put("java.home", System.getProperty("java.home"));
    m.put("java.runtime.version", System.getProperty("java.runtime.version"));
    m.put("main.class", "shop.Main");
    m.put("class.path", "app.jar:lib/x.jar");
    m.put("processors", "3");
    m.put("timezone", "Europe/Paris");
    m.put("property.user.language", "de");
    m.putList("jvm.args", List.of("-Xmx64m", "-javaagent:/old/ttd.jar=out=x", "-agentlib:jdwp=transport=dt_socket"));
    m.putList("main.args", List.of("first arg", "--flag"));
    return m;
  }

  @Test
  void runsTheRecordedProgramWithTheRecordedJvmAndTheAgentInReplayMode() {
    List<String> cmd = ReplayLauncher.command(Paths.get("rec"), recorded(), ttdJar, null, new ArrayList<>());
    assertEquals(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), cmd.get(0));
    assertTrue(cmd.contains("-Xmx64m"));
    assertFalse(cmd.stream().anyMatch(a -> a.startsWith("-javaagent:/old")), cmd.toString());
    assertFalse(cmd.stream().anyMatch(a -> a.startsWith("-agentlib:jdwp")), cmd.toString());
    assertTrue(cmd.contains("-XX:ActiveProcessorCount=3"));
    assertTrue(cmd.contains("-Duser.timezone=Europe/Paris"));
    assertTrue(cmd.contains("-Duser.language=de"));
    assertTrue(cmd.contains("-javaagent:/opt/ttd.jar=replay=" + Paths.get("rec").toAbsolutePath() + ",launcher"));
    assertEquals(
        List.of("-cp", "app.jar:lib/x.jar", "shop.Main", "first arg", "--flag"),
        cmd.subList(cmd.size() - 5, cmd.size()));
  }

  @Test
  void startsC2LaterUnlessTheRecordedOptionsSayOtherwise() {
    RecordingMetadata m = recorded();
    m.putList("jvm.args", List.of("-XX:Tier4InvocationThreshold=7000"));
    List<String> cmd = ReplayLauncher.command(Paths.get("rec"), m, ttdJar, null, new ArrayList<>());
    assertEquals(ReplayCompilerFlags.FLAGS, cmd.subList(1, 1 + ReplayCompilerFlags.FLAGS.size()));
    assertTrue(
        cmd.lastIndexOf("-XX:Tier4InvocationThreshold=7000") > cmd.indexOf("-XX:Tier4InvocationThreshold=50000"),
        "a recorded flag must come after ttd's, so the JVM takes it: " + cmd);
  }

  @Test
  void keepsARecordedUnlockBeforeTheDiagnosticOptionsItUnlocks() {
    RecordingMetadata m = recorded();
    m.putList("jvm.args", List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints"));
    List<String> cmd = ReplayLauncher.command(Paths.get("rec"), m, ttdJar, null, new ArrayList<>());
    int diagnostic = cmd.indexOf("-XX:+DebugNonSafepoints");
    assertTrue(diagnostic > 0, cmd.toString());
    assertTrue(cmd.subList(0, diagnostic).contains("-XX:+UnlockDiagnosticVMOptions"),
        "the JVM refuses a diagnostic option before the unlock: " + cmd);
  }

  @Test
  void warnsWhenTheRecordedJdkIsGone() {
    RecordingMetadata m = recorded();
    m.put("java.home", "/no/such/jdk");
    m.put("java.runtime.version", "11.0.1");
    List<String> warnings = new ArrayList<>();
    ReplayLauncher.command(Paths.get("rec"), m, ttdJar, null, warnings);
    assertEquals(1, warnings.size());
    assertTrue(warnings.get(0).contains("recording was made on Java 11.0.1"), warnings.get(0));
  }

  @Test
  void refusesARecordingWithoutAMainClass() {
    RecordingMetadata m = recorded();
    m.put("main.class", null);
    ToolException e =
        assertThrows(
            ToolException.class,
            () -> ReplayLauncher.command(Paths.get("rec"), m, ttdJar, null, new ArrayList<>()));
    assertTrue(e.getMessage().contains("does not name its main class"));
  }

  @Test
  void leavesOutRecordedJvmOptionsThatActOnTheWorldAndSaysSo() {
    RecordingMetadata m = recorded();
    m.putList("jvm.args", List.of("-Xmx64m", "-XX:OnError=rm -rf /tmp/x", "-agentpath:/opt/profiler.so",
        "-XX:+HeapDumpOnOutOfMemoryError", "-Xlog:gc:file=gc.log", "-Xlog:gc", "-Ddb.url=x"));
    List<String> warnings = new ArrayList<>();
    List<String> cmd = ReplayLauncher.command(Paths.get("rec"), m, ttdJar, null, warnings);
    assertTrue(cmd.containsAll(List.of("-Xmx64m", "-Xlog:gc", "-Ddb.url=x")), cmd.toString());
    assertFalse(cmd.stream().anyMatch(a -> a.startsWith("-XX:OnError") || a.startsWith("-agentpath")
        || a.startsWith("-XX:+HeapDump") || a.contains("file=")), cmd.toString());
    assertEquals(4, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("-XX:OnError=rm -rf /tmp/x is left out of the replay"), warnings.get(0));
  }

  @Test
  void runsTheProgramsOwnAgentsAfterTtdsInTheRecordedOrder() {
    RecordingMetadata m = recorded();
    m.putList("jvm.agents", List.of("-javaagent:/libs/mockito-core.jar", "-javaagent:/opt/otel.jar=service=shop"));
    List<String> cmd = ReplayLauncher.command(Paths.get("rec"), m, ttdJar, null, new ArrayList<>());
    int ttd = cmd.indexOf("-javaagent:/opt/ttd.jar=replay=" + Paths.get("rec").toAbsolutePath() + ",launcher");
    assertTrue(ttd > 0, cmd.toString());
    assertEquals(List.of("-javaagent:/libs/mockito-core.jar", "-javaagent:/opt/otel.jar=service=shop"),
        cmd.subList(ttd + 1, ttd + 3));
  }

  @Test
  void startsOneExtraTtdAgentForEachAgentAnotherProcessHadTheRecordedJvmLoad() {
    RecordingMetadata m = recorded();
    m.putList("jvm.agents", List.of("-javaagent:/libs/otel.jar"));
    m.put(TraceFormat.ATTACHED_AGENTS, "2");
    List<String> cmd = ReplayLauncher.command(Paths.get("rec"), m, ttdJar, null, new ArrayList<>());
    int own = cmd.indexOf("-javaagent:/libs/otel.jar");
    assertTrue(own > 0, cmd.toString());
    String slot = "-javaagent:/opt/ttd.jar=" + TraceFormat.ATTACH_SLOT;
    assertEquals(List.of(slot, slot, "-cp"), cmd.subList(own + 1, own + 4));
  }
}
