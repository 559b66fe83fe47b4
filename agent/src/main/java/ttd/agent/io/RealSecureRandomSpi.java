package ttd.agent.io;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;
import ttd.runtime.RealSecureRandom;

/**
 * Calls a {@link SecureRandomSpi}'s protected engine methods through method handles. The launcher
 * opens {@code java.security} to the agent's loader (only), which is what {@code privateLookupIn}
 * needs. Whatever the engine throws passes on as it was thrown.
 */
public final class RealSecureRandomSpi implements RealSecureRandom {

  private static final MethodHandle ENGINE_NEXT_BYTES;
  private static final MethodHandle ENGINE_NEXT_BYTES_WITH_PARAMETERS;
  private static final MethodHandle ENGINE_GENERATE_SEED;
  private static final MethodHandle ENGINE_SET_SEED;
  private static final MethodHandle ENGINE_RESEED;

  static {
    try {
      Class<?> c = SecureRandomSpi.class;
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(c, MethodHandles.lookup());
      ENGINE_NEXT_BYTES = l.findVirtual(c, "engineNextBytes", MethodType.methodType(void.class, byte[].class));
      ENGINE_NEXT_BYTES_WITH_PARAMETERS =
          l.findVirtual(c, "engineNextBytes",
              MethodType.methodType(void.class, byte[].class, SecureRandomParameters.class));
      ENGINE_GENERATE_SEED = l.findVirtual(c, "engineGenerateSeed", MethodType.methodType(byte[].class, int.class));
      ENGINE_SET_SEED = l.findVirtual(c, "engineSetSeed", MethodType.methodType(void.class, byte[].class));
      ENGINE_RESEED = l.findVirtual(c, "engineReseed", MethodType.methodType(void.class, SecureRandomParameters.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public byte[] call(int op, SecureRandomSpi spi, byte[] bytes, int count, SecureRandomParameters params) {
    try {
      switch (op) {
        case NEXT_BYTES:
          ENGINE_NEXT_BYTES.invokeExact(spi, bytes);
          return null;
        case NEXT_BYTES_WITH_PARAMETERS:
          ENGINE_NEXT_BYTES_WITH_PARAMETERS.invokeExact(spi, bytes, params);
          return null;
        case GENERATE_SEED:
          return (byte[]) ENGINE_GENERATE_SEED.invokeExact(spi, count);
        case SET_SEED:
          ENGINE_SET_SEED.invokeExact(spi, bytes);
          return null;
        case RESEED:
          ENGINE_RESEED.invokeExact(spi, params);
          return null;
        default:
          throw new IllegalArgumentException("no SecureRandom engine operation " + op);
      }
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }
}
