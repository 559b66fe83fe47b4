package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import ttd.fixture.ClockUser;
import ttd.fixture.PointerReader;

/** The cheap pre-check must never let a class with something to rewrite through unchanged. */
class QuickScanTest {

  @Test
  void seesTheCalleesOfAClassThatReadsTheClock() throws IOException {
    assertTrue(QuickScan.mayNeedRewrite(bytes(ClockUser.class), false));
  }

  @Test
  void seesTheRunMethodOfAThreadSubclassOnlyWhenAskedTo() throws IOException {
    byte[] worker = bytes(Runner.class);
    assertTrue(QuickScan.mayNeedRewrite(worker, true));
    assertFalse(QuickScan.mayNeedRewrite(worker, false));
  }

  @Test
  void passesOverAClassWithNothingToRewrite() throws IOException {
    assertFalse(QuickScan.mayNeedRewrite(bytes(Plain.class), true));
  }

  @Test
  void seesAndRewritesACallerOfRandomAccessFilesPublicNatives() throws IOException {
    byte[] reader = bytes(PointerReader.class);
    assertTrue(QuickScan.mayNeedRewrite(reader, false));
    assertNotNull(new ClassFileInstrumenter(null).instrument("ttd/fixture/PointerReader", reader));
  }

  /** A thread body with no clock, sleep or wait in it. */
  static final class Runner extends Thread {
    int count;

    @Override
    public void run() {
      count++;
    }
  }

  /** Nothing here for the agent. */
  static final class Plain {
    int twice(int x) {
      return 2 * x;
    }
  }

  private static byte[] bytes(Class<?> c) throws IOException {
    String name = c.getName();
    try (InputStream in = c.getResourceAsStream(name.substring(name.lastIndexOf('.') + 1) + ".class")) {
      return in.readAllBytes();
    }
  }
}
