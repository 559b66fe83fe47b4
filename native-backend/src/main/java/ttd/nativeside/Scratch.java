package ttd.nativeside;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** Owner-only temporary directories of the native backend (gdb's stderr, the program's output, probes), deleted after use. */
public final class Scratch {

  private Scratch() {}

  /** A new temporary directory named {@code prefix...}. */
  public static Path create(String prefix) {
    try {
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new IllegalStateException("cannot create a temporary directory (" + e.getMessage() + ")", e);
    }
  }

  /** Deletes {@code dir} and everything under it; a leftover in the temporary directory is harmless. */
  public static void delete(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(f -> {
        try {
          Files.deleteIfExists(f);
        } catch (IOException e) {
          // left behind
        }
      });
    } catch (IOException e) {
      // left behind
    }
  }
}
