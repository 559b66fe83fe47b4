package ttd.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateDirectoryTest {

  @TempDir Path tmp;

  private PrivateDirectory shared() throws IOException {
    Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwx------"));
    return PrivateDirectory.openShared(tmp, CurrentUser.find(tmp));
  }

  @Test
  void createsAChildOwnerOnlyAndOpensItAgain() throws IOException {
    CurrentUser me = CurrentUser.find(tmp);
    try (PrivateDirectory shared = shared(); PrivateDirectory cache = shared.child("ttd-x", me, true)) {
      assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("ttd-x"))));
      assertFalse(cache.wasOpenToOthers());
      Files.write(tmp.resolve("ttd-x").resolve("f"), new byte[] {1, 2, 3});
      assertArrayEquals(new byte[] {1, 2, 3}, cache.read("f"));
      assertNull(cache.read("missing"));
      assertNull(cache.child("missing", me, false));
    }
  }

  @Test
  void refusesALinkPlantedUnderTheCachesName() throws IOException {
    Path elsewhere = Files.createDirectory(tmp.resolve("elsewhere"));
    Files.createSymbolicLink(tmp.resolve("ttd-x"), elsewhere);
    CurrentUser me = CurrentUser.find(tmp);
    try (PrivateDirectory shared = shared()) {
      IOException e = assertThrows(IOException.class, () -> shared.child("ttd-x", me, true));
      assertTrue(e.getMessage().contains("is not a directory of yours (it is a link or a file)"), e.getMessage());
    }
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp)));
    assertTrue(Files.isDirectory(elsewhere), "the link's target is left alone");
  }

  @Test
  void makesADirectoryOthersCouldWriteOwnerOnlyAndSaysSo() throws IOException {
    Path open = Files.createDirectory(tmp.resolve("ttd-x"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
    CurrentUser me = CurrentUser.find(tmp);
    try (PrivateDirectory shared = shared(); PrivateDirectory cache = shared.child("ttd-x", me, true)) {
      assertTrue(cache.wasOpenToOthers());
      assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(open)));
    }
  }

  @Test
  void refusesATemporaryDirectoryOthersCanRenameEntriesIn() throws IOException {
    Path loose = Files.createDirectory(tmp.resolve("loose"));
    Files.setPosixFilePermissions(loose, PosixFilePermissions.fromString("rwxrwxrwx")); // no sticky bit
    IOException e = assertThrows(IOException.class, () -> PrivateDirectory.openShared(loose, CurrentUser.find(tmp)));
    assertTrue(e.getMessage().contains("can be changed by other users"), e.getMessage());
  }

  @Test
  void deletesADirectoryOfFilesWithoutFollowingLinks() throws IOException {
    CurrentUser me = CurrentUser.find(tmp);
    Path outside = Files.writeString(tmp.resolve("outside.txt"), "keep");
    try (PrivateDirectory shared = shared(); PrivateDirectory cache = shared.child("ttd-x", me, true)) {
      Path copy = Files.createDirectory(tmp.resolve("ttd-x").resolve("copy"));
      Files.writeString(copy.resolve("a.jar"), "a");
      Files.createSymbolicLink(copy.resolve("link"), outside);
      cache.delete("copy");
      assertFalse(Files.exists(copy));
    }
    assertEquals("keep", Files.readString(outside));
  }
}
