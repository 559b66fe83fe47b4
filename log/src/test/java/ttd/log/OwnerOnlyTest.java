package ttd.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnerOnlyTest {

  @TempDir Path dir;

  @Test
  void writesAnOwnerOnlyFile() throws Exception {
    Path file = dir.resolve("a.bin");
    OwnerOnly.write(file, new byte[] {1, 2, 3});
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(file));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
  }

  @Test
  void writesOnAThreadThatCarriesTheProgramsInterruptAndKeepsIt() throws Exception {
    Path file = dir.resolve("b.bin");
    Thread.currentThread().interrupt(); // the program's: ttd writes on its threads
    try {
      OwnerOnly.write(file, new byte[] {4, 5});
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is the program's again");
    } finally {
      Thread.interrupted();
    }
    assertArrayEquals(new byte[] {4, 5}, Files.readAllBytes(file));
  }
}
