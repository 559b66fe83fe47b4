package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The child's command line, rewritten to run under rr record into the recording's native/ directory. */
class NativeChildRecorderTest {

  private static byte[] c(String s) {
    return (s + "\0").getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void eachChildRunsAsRrRecordIntoItsOwnNumberedTrace() {
    NativeChildRecorder r = new NativeChildRecorder("/usr/bin/rr", Path.of("/rec/native"));
    int[] fds = {-1, -1, -1};
    byte[] args = "--verbose\0in.txt\0".getBytes(StandardCharsets.UTF_8);
    Object[] a = {new Object(), 1, c("helper"), c("/opt/tools/convert"), args, 2, c("A=1"), 1, c("/work"), fds, false};
    Object[] w = r.wrapped(a);
    assertEquals("/usr/bin/rr\0", new String((byte[]) w[3], StandardCharsets.UTF_8));
    assertEquals("record\0-o\0/rec/native/1-convert\0/opt/tools/convert\0--verbose\0in.txt\0", new String((byte[]) w[4], StandardCharsets.UTF_8));
    assertEquals(6, w[5]);
    assertSame(fds, w[9], "the fork fills in the same fds array the JDK reads");
    assertSame(a[6], w[6]);
    assertEquals("/opt/tools/convert\0", new String((byte[]) a[3], StandardCharsets.UTF_8), "the original arguments are left as they were");
    Object[] second = r.wrapped(a);
    assertEquals("record\0-o\0/rec/native/2-convert\0/opt/tools/convert\0--verbose\0in.txt\0", new String((byte[]) second[4], StandardCharsets.UTF_8));
  }

  @Test
  void argumentsOfAnotherShapeStartTheChildAsItWas() {
    NativeChildRecorder r = new NativeChildRecorder("/usr/bin/rr", Path.of("/rec/native"));
    Object[] a = {new Object(), 1, null, "not bytes", null, 0};
    assertSame(a, r.wrapped(a));
  }
}
