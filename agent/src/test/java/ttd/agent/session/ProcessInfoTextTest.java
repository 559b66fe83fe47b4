package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProcessInfoTextTest {

  @Test
  void aRecordedInfoReplacesWhatTheOsSaysAboutAnotherProcess() {
    ProcessHandle.Info recorded = ProcessHandle.current().info();
    String text = ProcessInfoText.of(recorded);
    ProcessHandle.Info replayed = ProcessHandle.current().info();
    ProcessInfoText.apply(
        replayed, "+/opt/app/bin/java\0-\0+alice\0+2\0+-jar\0+app with space.jar\0+1700000000000\0+-1");
    assertEquals(Optional.of("/opt/app/bin/java"), replayed.command());
    assertEquals(Optional.of("alice"), replayed.user());
    assertArrayEquals(new String[] {"-jar", "app with space.jar"}, replayed.arguments().orElseThrow());
    assertEquals(Optional.of(Instant.ofEpochMilli(1700000000000L)), replayed.startInstant());
    assertEquals(Optional.empty(), replayed.totalCpuDuration());
    ProcessInfoText.apply(replayed, text);
    assertEquals(recorded.command(), replayed.command());
    assertEquals(recorded.startInstant(), replayed.startInstant());
    assertEquals(text, ProcessInfoText.of(replayed));
  }

  @Test
  void absentFieldsStayAbsent() {
    ProcessHandle.Info info = ProcessHandle.current().info();
    ProcessInfoText.apply(info, "-\0-\0-\0-\0+-1\0+-1");
    assertTrue(info.command().isEmpty() && info.arguments().isEmpty() && info.user().isEmpty());
    assertEquals("-\0-\0-\0-\0+-1\0+-1", ProcessInfoText.of(info));
  }
}
