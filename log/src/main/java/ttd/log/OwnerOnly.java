package ttd.log;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;

/**
 * Makes recordings readable by their owner only: they hold environment variables and inputs.
 *
 * <p>Every directory and file of a recording is created owner-only ({@link #createDirectory},
 * {@link #createFile}, {@link #write}); files made by others (Chronicle's) are restricted as soon as they exist. On file
 * systems without POSIX permissions this does nothing rather than fail.
 */
public final class OwnerOnly {

  private OwnerOnly() {}

  /** Creates the directory {@code dir}, owner-only from the start (its parent must exist). */
  public static Path createDirectory(Path dir) throws IOException {
    try {
      return Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } catch (UnsupportedOperationException e) {
      return Files.createDirectory(dir);
    }
  }

  /** Creates the empty file {@code file}, owner-only from the start; fails if it exists. */
  public static Path createFile(Path file) throws IOException {
    try {
      return Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      return Files.createFile(file);
    }
  }

  /**
   * Writes {@code bytes} to {@code file}, created owner-only if it is new. The calling thread's
   * interrupt status is cleared while the channel is open and put back after: ttd writes its files
   * on the program's threads, whose interrupt is the program's, and a {@code newByteChannel}'s
   * channel fails and closes at it ({@code ClosedByInterruptException}) where the program's own
   * writes did not (a replay's copy of a jar the program appended on an interrupted thread).
   */
  public static void write(Path file, byte[] bytes) throws IOException {
    FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    EnumSet<StandardOpenOption> options =
        EnumSet.of(StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
    boolean interrupted = ProgramInterrupt.setAside();
    try {
      java.nio.channels.SeekableByteChannel channel;
      try {
        channel = Files.newByteChannel(file, options, ownerOnly);
      } catch (UnsupportedOperationException e) {
        channel = Files.newByteChannel(file, options);
      }
      try (var out = channel) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
          out.write(b);
        }
      }
    } finally {
      ProgramInterrupt.putBack(interrupted);
    }
    restrictFile(file);
  }

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
