package ttd.agent.identity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Needs --add-exports java.base/jdk.internal.misc (set in the module's surefire argLine). */
class HashStateTest {

  @Test
  void findsTheHashStateOfHotSpotThreads() {
    assertTrue(HashState.probe(), "the identity-hash state was not found on " + Runtime.version());
  }

  @Test
  void writingAStateMakesTheThreadRepeatItsIdentityHashes() {
    HashState.probe();
    int[] state = HashState.read();
    List<Integer> first = hashes();
    HashState.write(state);
    assertEquals(first, hashes());
  }

  @Test
  void aSeededStateYieldsThePredictedHash() {
    HashState.probe();
    int[] seeded = HashState.seeded(12345);
    HashState.write(seeded);
    assertEquals(HashState.nextHash(seeded), System.identityHashCode(new Object()));
  }

  @Test
  void stateSurvivesTheTripThroughEventBytes() {
    int[] s = {1, -2, 3, Integer.MAX_VALUE};
    assertArrayEquals(s, HashState.fromBytes(HashState.toBytes(s)));
  }

  private static List<Integer> hashes() {
    List<Integer> h = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      h.add(System.identityHashCode(new Object()));
    }
    return h;
  }
}
