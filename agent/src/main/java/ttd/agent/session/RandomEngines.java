package ttd.agent.session;

import static ttd.runtime.RealSecureRandom.GENERATE_SEED;
import static ttd.runtime.RealSecureRandom.NEXT_BYTES;
import static ttd.runtime.RealSecureRandom.NEXT_BYTES_WITH_PARAMETERS;

import java.nio.charset.StandardCharsets;
import java.security.ProviderException;
import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;
import ttd.log.EventKind;
import ttd.runtime.RealSecureRandom;

/**
 * The JDK's {@code SecureRandom} engines as one boundary: whatever an engine does between two of
 * the program's calls (NativePRNG refreshing its buffer on a timer, DRBG reseeding, the entropy
 * it reads from {@code /dev/urandom}) is its own business, and only what the program gets from
 * it (next bytes, a generated seed, or the exception a call threw) is the program's input.
 *
 * <p>A recording runs the engine while the thread is inside agent code, so the clock reads, file
 * reads and class loading in it pass through unlogged, and the hash codes it draws are given back
 * ({@link ProgramRun#exit}); then it logs one event per call. A replay runs no engine at all
 * (no device is read, {@code setSeed} writes nothing to {@code /dev/random}) and hands out the
 * logged output. Engines of the program's own providers (a provider on its class path) are
 * program code, scheduled and replayed like the rest of it; their inputs are captured where they
 * enter.
 */
final class RandomEngines {

  private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();
  private static final int FAILED = 8;
  private static final int OP_BITS = 4;

  /** Whether the engine belongs to one of the JDK's own providers. */
  static boolean isJdks(SecureRandomSpi spi) {
    ClassLoader l = spi == null ? PLATFORM : spi.getClass().getClassLoader();
    return l == null || l == PLATFORM;
  }

  /** Runs (record) or replays the engine call {@code op}; returns what the engine method returns. */
  byte[] call(
      Exchange s, ThreadState t, RealSecureRandom real, int op, SecureRandomSpi spi, byte[] bytes,
      int count, SecureRandomParameters params) {
    if (!s.performsRealIo()) {
      return replay(s, t, op, bytes, count);
    }
    byte[] out;
    try {
      byte[] seed = real.call(op, spi, bytes, count, params);
      out = op == GENERATE_SEED ? seed : op == NEXT_BYTES || op == NEXT_BYTES_WITH_PARAMETERS ? bytes : new byte[0];
    } catch (RuntimeException | Error e) {
      byte[] text = failure(e);
      s.exchangeData(t, EventKind.SECURE_RANDOM, value(op, true, text.length), text, 0, text.length, null);
      throw e;
    }
    s.pinRandom(out);
    s.exchangeData(t, EventKind.SECURE_RANDOM, value(op, false, out.length), out, 0, out.length, null);
    return op == GENERATE_SEED ? out : null;
  }

  private static byte[] replay(Exchange s, ThreadState t, int op, byte[] bytes, int count) {
    Received got = new Received();
    long value = s.exchangeData(t, EventKind.SECURE_RANDOM, 0, null, 0, 0, got);
    int recordedOp = (int) (value & (FAILED - 1));
    if (recordedOp != op) {
      s.mismatch(t, describe(recordedOp), describe(op));
    }
    if ((value & FAILED) != 0) {
      throw rebuilt(new String(got.bytes, StandardCharsets.UTF_8));
    }
    int wanted = op == GENERATE_SEED ? count : op == NEXT_BYTES || op == NEXT_BYTES_WITH_PARAMETERS ? (bytes == null ? -1 : bytes.length) : 0;
    if (got.bytes.length != wanted) {
      s.mismatch(t, describe(op) + " of " + got.bytes.length + " bytes", describe(op) + " of " + wanted + " bytes");
    }
    if (op == GENERATE_SEED) {
      return got.bytes;
    }
    if (wanted > 0) {
      System.arraycopy(got.bytes, 0, bytes, 0, wanted);
    }
    return null;
  }

  /** The event's value: the payload's length, whether the call threw, and the operation. */
  private static long value(int op, boolean failed, int length) {
    return ((long) length << OP_BITS) | (failed ? FAILED : 0) | op;
  }

  private static String describe(int op) {
    switch (op) {
      case RealSecureRandom.NEXT_BYTES:
      case RealSecureRandom.NEXT_BYTES_WITH_PARAMETERS:
        return "SecureRandom.nextBytes";
      case RealSecureRandom.GENERATE_SEED:
        return "SecureRandom.generateSeed";
      case RealSecureRandom.SET_SEED:
        return "SecureRandom.setSeed";
      case RealSecureRandom.RESEED:
        return "SecureRandom.reseed";
      default:
        return "a SecureRandom call";
    }
  }

  private static byte[] failure(Throwable e) {
    String message = e.getMessage();
    return (e.getClass().getName() + (message == null ? "" : "\n" + message)).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The exception a recorded call threw, made again from its class and message (the JDK's own
   * classes: the engines are the JDK's); a {@link ProviderException} naming it if that fails.
   */
  private static RuntimeException rebuilt(String text) {
    int nl = text.indexOf('\n');
    String name = nl < 0 ? text : text.substring(0, nl);
    String message = nl < 0 ? null : text.substring(nl + 1);
    Throwable made = null;
    try {
      Class<?> c = Class.forName(name, false, PLATFORM);
      if (RuntimeException.class.isAssignableFrom(c) || Error.class.isAssignableFrom(c)) {
        made = message == null
            ? (Throwable) c.getConstructor().newInstance()
            : (Throwable) c.getConstructor(String.class).newInstance(message);
      }
    } catch (ReflectiveOperationException | LinkageError e) {
      made = null;
    }
    if (made instanceof Error) {
      throw (Error) made;
    }
    return made != null ? (RuntimeException) made : new ProviderException(name + (message == null ? "" : ": " + message));
  }

  /** Collects a replayed payload, chunk by chunk; the event's value says how long it is. */
  private static final class Received implements PayloadSink {
    byte[] bytes = new byte[0];

    @Override
    public boolean chunk(long value, byte[] data, int at) {
      if (at == 0) {
        bytes = new byte[(int) (value >>> OP_BITS)];
      }
      int n = Math.min(data.length, bytes.length - at);
      System.arraycopy(data, 0, bytes, at, Math.max(n, 0));
      return at + data.length < bytes.length;
    }
  }
}
