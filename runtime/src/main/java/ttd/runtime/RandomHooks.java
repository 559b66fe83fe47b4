package ttd.runtime;

import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;

/**
 * The hooks of {@code java.security.SecureRandom}'s calls into its engine ({@link
 * SecureRandomSpi}): every random byte, seed and reseed of every provider and algorithm passes
 * one of them, {@code UUID.randomUUID} and {@code new SecureRandom()} included. Each call site
 * of an engine method inside {@code SecureRandom} is replaced by the method here that takes the
 * engine first and the call's own arguments after it; with no delegate, the real engine method
 * runs. Bootstrap class, like {@link Hooks}, whose delegate it shares.
 */
public final class RandomHooks {

  private static volatile RealSecureRandom real;

  private RandomHooks() {}

  /** Installs the real engine methods, before any of their call sites is rewritten. */
  public static void installReal(RealSecureRandom realSecureRandom) {
    real = realSecureRandom;
  }

  public static void onSecureRandomNextBytes(SecureRandomSpi spi, byte[] bytes) {
    call(RealSecureRandom.NEXT_BYTES, spi, bytes, 0, null);
  }

  public static void onSecureRandomNextBytes(SecureRandomSpi spi, byte[] bytes, SecureRandomParameters params) {
    call(RealSecureRandom.NEXT_BYTES_WITH_PARAMETERS, spi, bytes, 0, params);
  }

  public static byte[] onSecureRandomGenerateSeed(SecureRandomSpi spi, int count) {
    return call(RealSecureRandom.GENERATE_SEED, spi, null, count, null);
  }

  public static void onSecureRandomSetSeed(SecureRandomSpi spi, byte[] seed) {
    call(RealSecureRandom.SET_SEED, spi, seed, 0, null);
  }

  public static void onSecureRandomReseed(SecureRandomSpi spi, SecureRandomParameters params) {
    call(RealSecureRandom.RESEED, spi, null, 0, params);
  }

  private static byte[] call(
      int op, SecureRandomSpi spi, byte[] bytes, int count, SecureRandomParameters params) {
    return Hooks.delegate().onSecureRandom(real, op, spi, bytes, count, params);
  }
}
