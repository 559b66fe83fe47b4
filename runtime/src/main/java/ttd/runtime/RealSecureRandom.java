package ttd.runtime;

import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;

/**
 * The engine methods of a {@link SecureRandomSpi} that {@link RandomHooks} replace at their call
 * sites in {@code java.security.SecureRandom}. They are protected, so only the agent (which opens
 * {@code java.security} to itself) can call them; it installs an implementation before any call
 * site is rewritten.
 */
public interface RealSecureRandom {

  /** {@code engineNextBytes(bytes)}. */
  int NEXT_BYTES = 1;
  /** {@code engineNextBytes(bytes, params)}. */
  int NEXT_BYTES_WITH_PARAMETERS = 2;
  /** {@code engineGenerateSeed(count)}: returns the seed. */
  int GENERATE_SEED = 3;
  /** {@code engineSetSeed(bytes)}. */
  int SET_SEED = 4;
  /** {@code engineReseed(params)}. */
  int RESEED = 5;

  /** Runs the engine method {@code op}; returns the seed for {@link #GENERATE_SEED}, else null. */
  byte[] call(int op, SecureRandomSpi spi, byte[] bytes, int count, SecureRandomParameters params);
}
