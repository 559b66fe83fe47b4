package ttd.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ttd.agent.identity.JvmGlobals;

class PinningTest {

  private static Map<String, String> captured() {
    Map<String, String> g = new LinkedHashMap<>();
    g.put("java.util.concurrent.ThreadLocalRandom.seeder", "17");
    g.put("java.util.concurrent.ThreadLocalRandom.probeGenerator", "3");
    g.put("java.time.Clock.offset", "1700000000");
    g.put("java.util.ImmutableCollections.SALT32L", "123");
    g.put("java.util.ImmutableCollections.REVERSE", "false");
    return g;
  }

  @Test
  void theSameSeedPinsTheSameValuesAndADifferentOneOthers() {
    Map<String, String> a = captured();
    Map<String, String> b = captured();
    Map<String, String> c = captured();
    Pinning.pinGlobals(a, 42L, null);
    Pinning.pinGlobals(b, 42L, null);
    Pinning.pinGlobals(c, 7L, null);
    assertEquals(a, b);
    assertNotEquals(a.get("java.util.concurrent.ThreadLocalRandom.seeder"), c.get("java.util.concurrent.ThreadLocalRandom.seeder"));
    assertEquals("1700000000", a.get("java.time.Clock.offset"), "an unpinned clock keeps its offset");
  }

  @Test
  void aPinnedSeedStartsTheProgramsThreadIdsAtOneIdAboveTheJdks() {
    for (String counted : List.of("12", "13", "25")) {
      Map<String, String> g = captured();
      g.put(JvmGlobals.THREAD_IDS, counted);
      Pinning.pinGlobals(g, 42L, null);
      assertEquals(Long.toString(Pinning.PINNED_FIRST_THREAD_ID), g.get(JvmGlobals.THREAD_IDS));
    }
  }

  @Test
  void aPinnedSeedKeepsAFirstThreadIdAlreadyAboveThePinnedOne() {
    Map<String, String> g = captured();
    g.put(JvmGlobals.THREAD_IDS, "900");
    Pinning.pinGlobals(g, 42L, null);
    assertEquals("900", g.get(JvmGlobals.THREAD_IDS));
  }

  @Test
  void noPinnedSeedLeavesTheProgramsFirstThreadIdAsItWas() {
    Map<String, String> g = captured();
    g.put(JvmGlobals.THREAD_IDS, "12");
    Pinning.pinGlobals(g, null, Instant.parse("2025-01-01T09:00:00Z"));
    assertEquals("12", g.get(JvmGlobals.THREAD_IDS));
  }

  @Test
  void keepsTheSetOfSaltWithinTheJdksThirtyTwoBits() {
    for (long seed = 0; seed < 200; seed++) {
      Map<String, String> g = captured();
      Pinning.pinGlobals(g, seed, null);
      long salt = Long.parseLong(g.get("java.util.ImmutableCollections.SALT32L"));
      assertTrue(salt >= 0 && salt <= 0xFFFF_FFFFL, "salt " + salt + " for seed " + seed);
    }
  }

  @Test
  void aPinnedClockSetsTheClockOffsetNearTheInstant() {
    Map<String, String> g = captured();
    Pinning.pinGlobals(g, null, Instant.parse("2025-01-01T09:00:00Z"));
    assertEquals(Long.toString(Instant.parse("2025-01-01T09:00:00Z").getEpochSecond() - 1024), g.get("java.time.Clock.offset"));
    assertEquals("17", g.get("java.util.concurrent.ThreadLocalRandom.seeder"), "no seed: seeds untouched");
  }
}
