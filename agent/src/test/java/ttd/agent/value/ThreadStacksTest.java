package ttd.agent.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadStacksTest {

  @Test
  void aDumpOfLiveThreadsComesBackEqualAndPrintingTheSame() throws Exception {
    Thread sleeper = new Thread(() -> {
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        // ends the thread
      }
    }, "sleeper");
    sleeper.start();
    try {
      Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
      StackTraceElement[][] real = all.values().toArray(new StackTraceElement[0][]);
      StackTraceElement[][] back = ThreadStacks.decode(ThreadStacks.encode(real));
      assertEquals(real.length, back.length);
      for (int i = 0; i < real.length; i++) {
        assertArrayEquals(real[i], back[i]);
        for (int j = 0; j < real[i].length; j++) {
          assertEquals(real[i][j].toString(), back[i][j].toString());
        }
      }
      StackTraceElement[] own = new Exception().getStackTrace(); // formatted: no JDK module version
      StackTraceElement[] ownBack = ThreadStacks.decode(ThreadStacks.encode(new StackTraceElement[][] {own}))[0];
      assertEquals(own[own.length - 1].toString(), ownBack[own.length - 1].toString());
    } finally {
      sleeper.interrupt();
    }
  }

  @Test
  void namesTheyRepeatAreWrittenOnce() {
    StackTraceElement frame = new StackTraceElement("app", "m", "1.0", "a.B", "run", "B.java", 12);
    StackTraceElement[][] dump = {{frame, frame, frame}, null, {}, {new StackTraceElement("C:x", "m;2", "a=b", "~c", "#", null, -2)}};
    String text = ThreadStacks.encode(dump);
    assertEquals(text.indexOf("a.B"), text.lastIndexOf("a.B"), text);
    StackTraceElement[][] back = ThreadStacks.decode(text);
    assertArrayEquals(dump[0], back[0]);
    assertNull(back[1]);
    assertEquals(0, back[2].length);
    assertArrayEquals(dump[3], back[3]);
    assertTrue(back[3][0].toString().contains("~c.#(Native Method)"), back[3][0].toString());
  }
}
