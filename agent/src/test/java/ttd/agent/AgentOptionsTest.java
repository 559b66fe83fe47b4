package ttd.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Paths;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {

  @Test
  void readsKeyValuePairsAndFlags() {
    AgentOptions o = AgentOptions.parse("out=rec/run1, clock=2025-01-01T09:00:00Z,seed=42,quiet");
    assertEquals(Paths.get("rec/run1"), o.out());
    assertEquals(Instant.parse("2025-01-01T09:00:00Z"), o.pinnedClock());
    assertEquals(42L, o.pinnedSeed());
    assertTrue(o.quiet());
    assertFalse(o.replaying());
  }

  @Test
  void nativeChildrenNamesTheRrThatStartsTheChildren() {
    assertEquals("/usr/bin/rr", AgentOptions.parse("nativeChildren=/usr/bin/rr,quiet").nativeChildren());
    assertEquals(null, AgentOptions.parse("quiet").nativeChildren());
    assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("nativeChildren"));
  }

  @Test
  void chaosIsAFlagThatCombinesWithTheOthers() {
    assertTrue(AgentOptions.parse("chaos,out=rec/run2").chaos());
    assertFalse(AgentOptions.parse("out=rec/run2").chaos());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("chaos=yes"));
    assertEquals("agent option 'chaos' is a flag and takes no value", e.getMessage());
  }

  @Test
  void refuseNativeIsAFlagOffByDefault() {
    assertTrue(AgentOptions.parse("quiet,refusenative").refuseNative());
    assertFalse(AgentOptions.parse("quiet").refuseNative());
    assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("refusenative=yes"));
  }

  @Test
  void defaultsToRecordingWithNothingPinned() {
    AgentOptions o = AgentOptions.parse(null);
    assertNull(o.out());
    assertNull(o.pinnedClock());
    assertNull(o.pinnedSeed());
    assertFalse(o.quiet());
  }

  @Test
  void rejectsBadOptionsWithOneSentenceNamingThem() {
    assertMessage("bogus=1", "unknown agent option 'bogus'");
    assertMessage("out", "agent option 'out' needs a value");
    assertMessage("quiet=yes", "agent option 'quiet' is a flag and takes no value");
    assertMessage("clock=yesterday", "clock=yesterday is not an instant");
    assertMessage("seed=x", "seed=x is not a whole number");
  }

  private static void assertMessage(String options, String expected) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(options));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
