package ttd.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * One JDK the end-to-end tests run programs on: the JDK running the tests ({@code java.home}) and,
 * when the build found one, JDK 25 ({@code ttd.jdk25.home}). Every JDK-dependent test runs once per
 * entry of {@link #all()}, so a recording is always made and replayed by the same JDK.
 */
public final class Jvm {

  private final Path home;
  private final int feature;

  private Jvm(Path home, int feature) {
    this.home = home;
    this.feature = feature;
  }

  /** The JDK running the tests. */
  public static Jvm current() {
    Path home = Paths.get(System.getProperty("java.home"));
    return new Jvm(home, Runtime.version().feature());
  }

  /** The JDKs to test on: the current one, then JDK 25 when it is configured and differs. */
  public static List<Jvm> all() {
    List<Jvm> jdks = new ArrayList<>();
    Jvm current = current();
    jdks.add(current);
    String jdk25 = System.getProperty("ttd.jdk25.home", "").trim();
    if (!jdk25.isEmpty()) {
      Path home = Paths.get(jdk25);
      if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
        throw new IllegalStateException(
            "ttd.jdk25.home=" + jdk25 + " is set but has no bin/java; fix the property or unset it");
      }
      if (!sameFile(home, current.home)) {
        jdks.add(new Jvm(home, 25));
      }
    }
    return jdks;
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return a.toRealPath().equals(b.toRealPath());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The JDK's home directory. */
  public Path home() {
    return home;
  }

  /** The {@code java} launcher of this JDK. */
  public String java() {
    return home.resolve("bin").resolve("java").toString();
  }

  /** The JDK's feature release: 17, 25. */
  public int feature() {
    return feature;
  }

  /** A short name for test display names, e.g. {@code JDK 17}. */
  public String label() {
    return "JDK " + feature;
  }

  @Override
  public String toString() {
    return label() + " (" + home + ")";
  }
}
