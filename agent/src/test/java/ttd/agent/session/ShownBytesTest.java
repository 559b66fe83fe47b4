package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ShownBytesTest {

  @Test
  void writesThatDifferEarlyAreShownFromTheirStart() {
    String[] shown = ShownBytes.showDifference(bytes("chunk:1,a"), bytes("chunk:2,a"));
    assertEquals("\"chunk:1,a\"", shown[0]);
    assertEquals("\"chunk:2,a\"", shown[1]);
  }

  @Test
  void writesWithALongCommonHeaderAreShownFromTheirFirstDifference() {
    String header = "h".repeat(300);
    String[] shown = ShownBytes.showDifference(bytes(header + "alpha"), bytes(header + "beta!!"));
    assertEquals("(from byte 284, the first difference at byte 300) \"" + "h".repeat(16) + "alpha\""
        + " (305 bytes in all)", shown[0]);
    assertTrue(shown[1].endsWith("\"" + "h".repeat(16) + "beta!!\" (306 bytes in all)"), shown[1]);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
