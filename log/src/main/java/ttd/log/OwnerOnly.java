package ttd.log;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Makes recordings readable by their owner only: they hold environment variables and inputs.
 *
 * <p>On file systems without POSIX permissions this does nothing rather than fail.
 */
public final class OwnerOnly {

  private OwnerOnly() {}

  public static void restrictDirectory(Path dir) throws IOException {
    set(dir, "rwx------");
  }

  public static void restrictFile(Path file) throws IOException {
    set(file, "rw-------");
  }

  private static void set(Path p, String perms) throws IOException {
    try {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(perms));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: nothing to restrict
    }
  }
}
