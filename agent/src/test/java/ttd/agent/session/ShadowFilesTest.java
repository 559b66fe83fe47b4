package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShadowFilesTest {

  @TempDir Path cache;

  @Test
  void aShadowCoversTheMappedRegionAndLeavesNoFileBehind() throws Exception {
    ShadowFiles.keepIn(cache.resolve("mapped"));
    ShadowFiles shadows = new ShadowFiles();
    FileChannel shadow = shadows.covering("/data/a.bin", 8192);
    assertEquals(8192, shadow.size());
    assertSame(shadow, shadows.covering("/data/a.bin", 4096), "one shadow per program file, never shrunk");
    assertEquals(8192, shadow.size());
    try (Stream<Path> left = Files.list(cache.resolve("mapped"))) {
      assertEquals(0, left.count(), "the shadow is unlinked once open");
    }
  }

  @Test
  void writesReachTheShadowOfAMappedFileOnly() throws Exception {
    ShadowFiles.keepIn(cache.resolve("mapped"));
    ShadowFiles shadows = new ShadowFiles();
    FileChannel shadow = shadows.covering("/data/a.bin", 16);
    shadows.written("/data/a.bin", 4, "xabcdef".getBytes(StandardCharsets.US_ASCII), 1, 3);
    shadows.written("/data/other.bin", 0, "zz".getBytes(StandardCharsets.US_ASCII), 0, 2);
    ByteBuffer b = ByteBuffer.allocate(8);
    shadow.read(b, 2);
    assertArrayEquals(new byte[] {0, 0, 'a', 'b', 'c', 0, 0, 0}, b.array(), "only the bytes the write wrote");
    assertEquals(16, shadow.size());
  }

  @Test
  void aNewLengthCutsTheShadowAndZeroesWhatComesBack() throws Exception {
    ShadowFiles.keepIn(cache.resolve("mapped"));
    ShadowFiles shadows = new ShadowFiles();
    FileChannel shadow = shadows.covering("/data/a.bin", 8);
    shadows.written("/data/a.bin", 0, "abcdefgh".getBytes(StandardCharsets.US_ASCII), 0, 8);
    shadows.resized("/data/a.bin", 3);
    assertEquals(3, shadow.size());
    shadows.resized("/data/a.bin", 6);
    shadows.resized("/data/other.bin", 1);
    ByteBuffer b = ByteBuffer.allocate(6);
    shadow.read(b, 0);
    assertArrayEquals(new byte[] {'a', 'b', 'c', 0, 0, 0}, b.array(), "the cut bytes come back as zeros");
  }

  @Test
  void theProgramsInterruptNeitherFailsNorClosesTheShadowAndIsKept() throws Exception {
    ShadowFiles.keepIn(cache.resolve("mapped"));
    ShadowFiles shadows = new ShadowFiles();
    Thread.currentThread().interrupt(); // the program's: a RandomAccessFile's write does not stop at it
    FileChannel shadow;
    try {
      shadow = shadows.covering("/data/a.bin", 8);
      shadows.written("/data/a.bin", 0, "abcdefgh".getBytes(StandardCharsets.US_ASCII), 0, 8);
      shadows.resized("/data/a.bin", 12);
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is the program's again");
    } finally {
      Thread.interrupted();
    }
    assertTrue(shadow.isOpen(), "an interrupt closed the shadow");
    ByteBuffer b = ByteBuffer.allocate(12);
    shadow.read(b, 0);
    assertArrayEquals(new byte[] {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 0, 0, 0, 0}, b.array());
  }
}
