package ttd.e2e;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The jars of libraries on the tests' own class path, for the class path of a program a test
 * records (Jetty, H2, Bouncy Castle, Micrometer): one class of each jar names it.
 */
final class LibraryJars {

  private LibraryJars() {}

  /** The jar (or directory) each class was loaded from, joined as a class path. */
  static String classPath(Class<?>... oneOfEach) {
    return Stream.of(oneOfEach).map(LibraryJars::jarOf).collect(Collectors.joining(File.pathSeparator));
  }

  private static String jarOf(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
