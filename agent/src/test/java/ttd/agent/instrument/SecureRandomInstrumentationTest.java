package ttd.agent.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The running JDK's own {@code SecureRandom}, rewritten: every call of its engine that produces
 * or takes randomness goes through a {@code RandomHooks} hook, and only the engine's
 * configuration ({@code engineGetParameters}) is still asked directly.
 */
class SecureRandomInstrumentationTest {

  @Test
  void everyEngineCallButGetParametersGoesThroughAHook() throws IOException {
    byte[] original;
    try (InputStream in = ClassLoader.getSystemResourceAsStream("java/security/SecureRandom.class")) {
      original = in.readAllBytes();
    }
    List<String> before = engineCalls(MethodCalls.in(original));
    List<String> after = MethodCalls.in(new ClassFileInstrumenter(null).instrument("java/security/SecureRandom", original));

    assertTrue(before.size() >= 10, before.toString()); // both branches of nextBytes, seeds, reseeds...
    assertEquals(List.of("java/security/SecureRandomSpi.engineGetParameters()Ljava/security/SecureRandomParameters;"),
        engineCalls(after).stream().distinct().collect(Collectors.toList()));
    long hooks = after.stream().filter(c -> c.startsWith("ttd/runtime/RandomHooks.onSecureRandom")).count();
    assertEquals(before.size() - before.stream().filter(c -> c.contains("engineGetParameters")).count(), hooks);
    assertTrue(after.contains(
        "ttd/runtime/RandomHooks.onSecureRandomNextBytes(Ljava/security/SecureRandomSpi;[B)V"), after.toString());
  }

  private static List<String> engineCalls(List<String> calls) {
    return calls.stream().filter(c -> c.startsWith("java/security/SecureRandomSpi.engine")).collect(Collectors.toList());
  }
}
