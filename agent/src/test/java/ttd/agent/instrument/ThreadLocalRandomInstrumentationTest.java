package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The running JDK's own {@code ThreadLocalRandom}, rewritten: every draw from its shared seed and
 * probe generators passes its value through a hook, so that a program thread's seed can be its
 * own ({@code ThreadSeeds}).
 */
class ThreadLocalRandomInstrumentationTest {

  @Test
  void everyDrawFromTheSharedGeneratorsPassesThroughAHook() throws IOException {
    byte[] original;
    try (InputStream in =
        ClassLoader.getSystemResourceAsStream("java/util/concurrent/ThreadLocalRandom.class")) {
      original = in.readAllBytes();
    }
    List<String> after = MethodCalls.in(
        new ClassFileInstrumenter(null).instrument("java/util/concurrent/ThreadLocalRandom", original));

    long seedDraws = count(MethodCalls.in(original), "java/util/concurrent/atomic/AtomicLong.getAndAdd(J)J");
    long probeDraws = count(MethodCalls.in(original), "java/util/concurrent/atomic/AtomicInteger.addAndGet(I)I");
    assertTrue(seedDraws >= 2 && probeDraws >= 1, "localInit and nextSecondarySeed draw: " + after);
    assertEquals(seedDraws, count(after, "ttd/runtime/Hooks.onThreadSeedDraw(JI)J"));
    assertEquals(probeDraws, count(after, "ttd/runtime/Hooks.onThreadProbeDraw(I)I"));
  }

  private static long count(List<String> calls, String call) {
    return calls.stream().filter(call::equals).count();
  }
}
