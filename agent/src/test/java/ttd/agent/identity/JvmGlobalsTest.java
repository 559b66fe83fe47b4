package ttd.agent.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class JvmGlobalsTest {

  @Test
  void capturesTheSeedsOfTheDefaultRandomGenerators() {
    Map<String, String> g = JvmGlobals.capture();
    assertTrue(g.containsKey("java.util.concurrent.ThreadLocalRandom.seeder"), g.toString());
    assertTrue(g.containsKey("java.util.SplittableRandom.defaultGen"), g.toString());
    assertTrue(g.containsKey("java.util.ImmutableCollections.SALT32L"), g.toString());
  }

  @Test
  void restoredSeedsMakeDefaultSeededGeneratorsRepeat() {
    Map<String, String> g = new HashMap<>(JvmGlobals.capture());
    long first = new SplittableRandom().nextLong();
    JvmGlobals.restore(g);
    assertEquals(first, new SplittableRandom().nextLong());
  }
}
