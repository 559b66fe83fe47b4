package ttd.agent.identity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Needs --add-exports java.base/jdk.internal.misc (set in the module's surefire argLine). */
class SharedHashesTest {

  @Test
  void aThreadAboutToStartGetsTheHashItsNameSeedsWhateverTheCallersStateAndLeavesThatState() {
    HashState.probe();
    ThreadGroup group = new ThreadGroup("ttd-test-group");
    Thread one = new Thread(group, () -> {}, "ttd-test-worker");
    Thread two = new Thread(group, () -> {}, "ttd-test-worker");
    HashState.write(HashState.seeded(1));
    SharedHashes.thread(one);
    int[] state = HashState.read();
    HashState.write(HashState.seeded(2));
    SharedHashes.thread(two);
    assertEquals(HashState.nextHash(HashState.seeded("ttd-test-worker".hashCode() * 31 - 2)), System.identityHashCode(one),
        "the name's seed, not the caller's state, gave the thread its hash");
    assertEquals(System.identityHashCode(one), System.identityHashCode(two));
    assertEquals(HashState.nextHash(HashState.seeded("ttd-test-group".hashCode() * 31 - 3)), System.identityHashCode(group));
    assertArrayEquals(HashState.seeded(1), state, "hashing the thread drew nothing from the caller's own state");
  }

  @Test
  void aThreadHashedAlreadyKeepsItsHash() {
    HashState.probe();
    Thread t = new Thread(() -> {}, "ttd-test-hashed");
    int before = System.identityHashCode(t);
    SharedHashes.thread(t);
    assertEquals(before, System.identityHashCode(t));
  }
}
