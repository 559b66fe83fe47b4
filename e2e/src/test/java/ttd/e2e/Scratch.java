package ttd.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Fresh working directories for the tests, all under {@code ttd.work} (in e2e/target, so
 * {@code mvn clean} removes them). Each call returns a new directory no other test uses.
 */
public final class Scratch {

  private Scratch() {}

  /** The root of all scratch directories ({@code ttd.work}, or a temp directory outside Maven). */
  public static synchronized Path root() {
    String work = System.getProperty("ttd.work", "");
    try {
      Path root =
          work.isBlank()
              ? Paths.get(System.getProperty("java.io.tmpdir"), "ttd-e2e-work")
              : Paths.get(work);
      return Files.createDirectories(root.toAbsolutePath());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A new empty directory whose name starts with {@code name} (letters, digits and '-' kept). */
  public static Path dir(String name) {
    try {
      String safe = name.replaceAll("[^A-Za-z0-9-]+", "-");
      return Files.createTempDirectory(root(), safe + "-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A private copy of the directory tree {@code recording}, as {@code recording} in a new directory. */
  public static Path copyOf(Path recording, String name) {
    Path target = dir(name).resolve("recording");
    try (Stream<Path> files = Files.walk(recording)) {
      for (Path from : (Iterable<Path>) files::iterator) {
        Path to = target.resolve(recording.relativize(from).toString());
        if (Files.isDirectory(from)) {
          Files.createDirectories(to);
        } else {
          Files.copy(from, to);
        }
      }
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Deletes {@code dir} and everything in it, if it exists (files a recorded program left). */
  public static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
