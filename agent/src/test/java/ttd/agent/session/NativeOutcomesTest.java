package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/** What a file-system call's outcome becomes in the log is exactly what replay gives back. */
class NativeOutcomesTest {

  @Test
  void resultsComeBackWithTheirTypeAndValue() throws Exception {
    assertEquals(42, NativeOutcomes.result(NativeOutcomes.ofResult(42)));
    assertEquals(-7L, NativeOutcomes.result(NativeOutcomes.ofResult(-7L)));
    assertEquals(true, NativeOutcomes.result(NativeOutcomes.ofResult(true)));
    assertNull(NativeOutcomes.result(NativeOutcomes.ofResult(null)));
    byte[] name = {'a', (byte) 0xe9, 0, (byte) 0xff, '\n'};
    assertArrayEquals(name, (byte[]) NativeOutcomes.result(NativeOutcomes.ofResult(name)));
  }

  @Test
  void aUnixErrorIsThrownAgainWithItsErrno() throws Exception {
    Class<?> type = Class.forName("sun.nio.fs.UnixException");
    Constructor<?> c = type.getDeclaredConstructor(int.class);
    c.setAccessible(true);
    Exception enoent = (Exception) c.newInstance(2);
    String logged = NativeOutcomes.ofError(enoent);
    Exception again = assertThrows(Exception.class, () -> NativeOutcomes.result(logged));
    assertSame(type, again.getClass());
    assertEquals(enoent.getMessage(), again.getMessage());
  }

  @Test
  void ioErrorsKeepTheirMessageAndFileNotFoundStaysFileNotFound() {
    String missing = NativeOutcomes.ofError(new FileNotFoundException("/x (No such file or directory)"));
    Exception e = assertThrows(FileNotFoundException.class, () -> NativeOutcomes.result(missing));
    assertEquals("/x (No such file or directory)", e.getMessage());
    String io = NativeOutcomes.ofError(new IOException("Is a directory"));
    assertEquals("Is a directory", assertThrows(IOException.class, () -> NativeOutcomes.result(io)).getMessage());
    assertNull(NativeOutcomes.ofError(new IllegalStateException("not an I/O error")));
  }

  @Test
  void aFailedSyncStaysASyncFailure() {
    String failed = NativeOutcomes.ofError(new java.io.SyncFailedException("sync failed"));
    Exception e = assertThrows(java.io.SyncFailedException.class, () -> NativeOutcomes.result(failed));
    assertEquals("sync failed", e.getMessage());
  }

  @Test
  void theAttributesAStatFilledInAreFilledInAgain() throws Exception {
    Class<?> type = Class.forName("sun.nio.fs.UnixFileAttributes");
    Constructor<?> c = type.getDeclaredConstructor();
    c.setAccessible(true);
    Object recorded = c.newInstance();
    long n = 1;
    for (Field f : type.getDeclaredFields()) {
      if (!Modifier.isStatic(f.getModifiers()) && f.getType().isPrimitive()) {
        f.setAccessible(true);
        if (f.getType() == int.class) {
          f.setInt(recorded, (int) (n++ * 1000));
        } else if (f.getType() == long.class) {
          f.setLong(recorded, n++ * 1_000_000_007L);
        } else if (f.getType() == boolean.class) {
          f.setBoolean(recorded, true);
        }
      }
    }
    String logged = NativeOutcomes.withAttributes(NativeOutcomes.ofResult(null), recorded);
    Object replayed = c.newInstance();
    assertTrue(NativeOutcomes.fillAttributes(logged, replayed));
    assertNull(NativeOutcomes.result(logged));
    for (Field f : type.getDeclaredFields()) {
      if (!Modifier.isStatic(f.getModifiers()) && f.getType().isPrimitive()) {
        f.setAccessible(true);
        assertEquals(f.get(recorded), f.get(replayed), f.getName());
      }
    }
  }

  @Test
  void theDeviceAndInodeAFileKeyFilledInAreFilledInAgain() throws Exception {
    long[] recorded = {2049L, 1_234_567_890_123L};
    String logged = NativeOutcomes.withAttributes(NativeOutcomes.ofResult(null), recorded);
    long[] replayed = new long[2];
    assertTrue(NativeOutcomes.fillAttributes(logged, replayed));
    assertArrayEquals(recorded, replayed);
    assertNull(NativeOutcomes.result(logged));
  }
}
