package ttd.agent.instrument;

import java.util.Map;
import org.objectweb.asm.MethodVisitor;

/**
 * {@code java.security.SecureRandom}: every call it makes of its engine ({@code SecureRandomSpi}:
 * next bytes, seed generation, seeding, reseeding) goes through a {@code RandomHooks} hook
 * instead. Every provider and algorithm answers through these calls, so this covers {@code
 * UUID.randomUUID}, {@code nextInt}/{@code ints()}, key generation and ciphers alike; whatever the
 * engine does inside (buffer refreshes, reseeding, reading {@code /dev/urandom}) stays behind it.
 */
final class SecureRandomInstrumentation implements TypeInstrumentation {

  private static final String ENGINE = "java/security/SecureRandomSpi";
  private static final String SELF = "L" + ENGINE + ";";
  private static final String PARAMS = "Ljava/security/SecureRandomParameters;";

  /** engine method + descriptor -> hook name. */
  private static final Map<String, String> HOOKS =
      Map.of(
          "engineNextBytes([B)V", "onSecureRandomNextBytes",
          "engineNextBytes([B" + PARAMS + ")V", "onSecureRandomNextBytes",
          "engineGenerateSeed(I)[B", "onSecureRandomGenerateSeed",
          "engineSetSeed([B)V", "onSecureRandomSetSeed",
          "engineReseed(" + PARAMS + ")V", "onSecureRandomReseed");

  @Override
  public String typeName() {
    return "java/security/SecureRandom";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    return new NativeCallRewriter(mv, ENGINE, SELF, HOOKS, HookCalls.RANDOM_HOOKS, changed);
  }
}
