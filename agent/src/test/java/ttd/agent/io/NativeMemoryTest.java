package ttd.agent.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.lang.reflect.Method;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Scattering and gathering through an iovec array, as readv/writev natives see their buffers. */
class NativeMemoryTest {

  /** jdk.internal.misc.Unsafe, reached reflectively: the package is exported only at run time. */
  private static final class U {
    private static final Object UNSAFE;
    private static final Class<?> TYPE;

    static {
      try {
        TYPE = Class.forName("jdk.internal.misc.Unsafe");
        UNSAFE = TYPE.getMethod("getUnsafe").invoke(null);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    private static Object call(String name, Class<?>[] types, Object... args) {
      try {
        Method m = TYPE.getMethod(name, types);
        return m.invoke(UNSAFE, args);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }

    static long allocateMemory(long bytes) {
      return (Long) call("allocateMemory", new Class<?>[] {long.class}, bytes);
    }

    static void freeMemory(long address) {
      call("freeMemory", new Class<?>[] {long.class}, address);
    }

    static void putLong(long address, long value) {
      call("putLong", new Class<?>[] {long.class, long.class}, address, value);
    }

    static byte getByte(long address) {
      return (Byte) call("getByte", new Class<?>[] {long.class}, address);
    }
  }

  private long first;
  private long second;
  private long iov;

  @BeforeEach
  void twoBuffersOfFiveAndSevenBytes() {
    first = U.allocateMemory(5);
    second = U.allocateMemory(7);
    iov = U.allocateMemory(32);
    U.putLong(iov, first);
    U.putLong(iov + 8, 5);
    U.putLong(iov + 16, second);
    U.putLong(iov + 24, 7);
  }

  @AfterEach
  void free() {
    U.freeMemory(first);
    U.freeMemory(second);
    U.freeMemory(iov);
  }

  @Test
  void theLengthIsTheSumOfTheBuffers() {
    assertEquals(12, NativeMemory.iovecLength(iov, 2));
    assertEquals(5, NativeMemory.iovecLength(iov, 1));
  }

  @Test
  void bytesScatteredAcrossTheBuffersGatherBackFromAnyOffset() {
    byte[] text = "hello world!".getBytes(StandardCharsets.US_ASCII);
    NativeMemory.iovecCopy(iov, 2, text, 0, text.length, true);
    assertEquals('o', (char) U.getByte(first + 4));
    assertEquals(' ', (char) U.getByte(second));

    byte[] middle = new byte[6];
    NativeMemory.iovecCopy(iov, 2, middle, 3, 6, false);
    assertEquals("lo wor", new String(middle, StandardCharsets.US_ASCII));

    byte[] tail = new byte[20];
    NativeMemory.iovecCopy(iov, 2, tail, 10, 20, false);
    assertEquals("d!", new String(tail, 0, 2, StandardCharsets.US_ASCII));
    assertEquals(0, tail[2], "nothing is copied past the last buffer");
  }

  @Test
  void aSliceOfTheBuffersCopiesToAndFromAnyPlaceInAnArray() {
    byte[] text = "..hello world!".getBytes(StandardCharsets.US_ASCII);
    NativeMemory.copy(iov, 2, 0, text, 2, 12, true);
    assertEquals('h', (char) U.getByte(first));
    assertEquals('!', (char) U.getByte(second + 6));

    byte[] into = new byte[8];
    NativeMemory.copy(iov, 2, 4, into, 3, 4, false);
    assertEquals("o wo", new String(into, 3, 4, StandardCharsets.US_ASCII));
    assertEquals(0, into[2]);
    assertEquals(0, into[7]);
  }

  @Test
  void oneBufferIsCopiedFromItsOffsetWithoutAnIovecArray() {
    byte[] text = "abcdefg".getBytes(StandardCharsets.US_ASCII);
    NativeMemory.copy(second, 0, 0, text, 0, 7, true);
    byte[] into = new byte[10];
    NativeMemory.copy(second, 0, 2, into, 5, 3, false);
    assertEquals("cde", new String(into, 5, 3, StandardCharsets.US_ASCII));
    assertEquals(0, into[4]);
    assertEquals(0, into[8]);
  }
}
