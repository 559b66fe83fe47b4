package ttd.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of a JVM's {@code -javaagent} options are the program's own, told from ttd's by its jar. */
class ProgramAgentsTest {

  private final File ttd = new File("/opt/ttd/ttd.jar");

  @Test
  void theProgramsAgentsAreEveryOtherJavaAgentInOrderWithTheirOptions() {
    ProgramAgents agents = ProgramAgents.among(new String[] {
        "-Xmx64m", "-javaagent:/opt/ttd/ttd.jar=out=rec,quiet", "-javaagent:/libs/mockito-core.jar",
        "-Dx=y", "-javaagent:/opt/otel.jar=service=shop"}, ttd);
    assertEquals(List.of("-javaagent:/libs/mockito-core.jar", "-javaagent:/opt/otel.jar=service=shop"), agents.all());
    assertEquals(List.of(), agents.beforeTtd());
  }

  @Test
  void anAgentLoadedBeforeTtdsIsNamedAsSuchAndTtdsIsFoundByItsPathWhateverItsSpelling() {
    ProgramAgents agents = ProgramAgents.among(new String[] {
        "-javaagent:/libs/early.jar", "-javaagent:/opt/ttd/../ttd/ttd.jar", "-javaagent:/libs/late.jar"}, ttd);
    assertEquals(List.of("-javaagent:/libs/early.jar", "-javaagent:/libs/late.jar"), agents.all());
    assertEquals(List.of("-javaagent:/libs/early.jar"), agents.beforeTtd());
  }
}
