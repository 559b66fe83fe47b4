package ttd.agent.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class PinsTest {

  private static final Instant START = Instant.parse("2025-01-01T09:00:00Z");

  @Test
  void aPinnedClockStartsAtTheInstantAndAdvancesByReadingsAndSleeps() {
    Pins pins = new Pins(START, null);
    long first = pins.millis(0, 0);
    assertEquals(START.toEpochMilli(), first);
    assertTrue(pins.sleep(2_000, 0), "a pinned clock sleeps virtually");
    assertEquals(START.toEpochMilli() + 2_000, pins.millis(0, 0));
    long n1 = pins.nanos(0, 0);
    long n2 = pins.nanos(0, 0);
    assertEquals(1_000, n2 - n1);
  }

  @Test
  void anUnpinnedClockPassesRealValuesAndRealSleeps() {
    Pins pins = new Pins(null, null);
    assertEquals(99L, pins.millis(99L, 0));
    assertFalse(pins.sleep(10, 0));
  }

  @Test
  void theSameSeedGivesTheSameSecureRandomBytes() {
    byte[] a = new byte[20];
    byte[] b = new byte[20];
    new Pins(null, 42L).fill(a);
    new Pins(null, 42L).fill(b);
    assertEquals(java.util.Arrays.toString(a), java.util.Arrays.toString(b));
    new Pins(null, 43L).fill(b);
    assertFalse(java.util.Arrays.equals(a, b));
  }

  @Test
  void chaosSchedulingIsSeededByThePinnedSeedWhateverTheProgramDrew() {
    Pins pins = new Pins(null, 42L);
    pins.nextSeed();
    assertEquals(42L, pins.chaosSeed());
    long unpinned = new Pins(null, null).chaosSeed();
    assertNotEquals(unpinned, new Pins(null, null).chaosSeed(), "unpinned: the clock");
  }
}
