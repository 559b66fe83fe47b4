package ttd.agent.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DivergenceTest {

  @Test
  void writesThatDifferEarlyAreShownFromTheirStart() {
    String[] shown = Divergence.showDifference(bytes("chunk:1,a"), bytes("chunk:2,a"));
    assertEquals("\"chunk:1,a\"", shown[0]);
    assertEquals("\"chunk:2,a\"", shown[1]);
  }

  @Test
  void writesWithALongCommonHeaderAreShownFromTheirFirstDifference() {
    String header = "h".repeat(300);
    String[] shown = Divergence.showDifference(bytes(header + "alpha"), bytes(header + "beta!!"));
    assertEquals("(from byte 284, the first difference at byte 300) \"" + "h".repeat(16) + "alpha\""
        + " (305 bytes in all)", shown[0]);
    assertTrue(shown[1].endsWith("\"" + "h".repeat(16) + "beta!!\" (306 bytes in all)"), shown[1]);
  }

  @Test
  void aLogThatCannotBeReadIsReportedWithTheThreadItsEventAndTheCause() {
    IllegalStateException cause = new IllegalStateException("queue file gone");
    cause.setStackTrace(new StackTraceElement[] {new StackTraceElement("net.openhft.Reader", "open", "Reader.java", 12)});
    String text = EventReader.unreadableReport("pool-1-thread-2", 4, 17, cause).text();
    assertTrue(text.startsWith("the replay could not read the recording for thread \"pool-1-thread-2\" (thread #4) at its event #17"), text);
    assertTrue(text.contains("ttd.jar info <recording>"), text);
    assertTrue(text.endsWith("cause: java.lang.IllegalStateException: queue file gone at net.openhft.Reader.open(Reader.java:12)"), text);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
