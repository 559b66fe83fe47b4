package ttd.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The corpus as its runners see it (e2e's {@code CorpusReplayTest}, {@code compat/run.sh}): every
 * program, found as the top-level classes of the sub-packages of {@code ttd.compat} in the built
 * classes (so a new program cannot be left out of a run), and the known failures listed in {@code
 * compat/known-failures.txt}. JDK types only, since the runners put it on their own class path.
 */
public final class Corpus {

  /** The package every program lives below, as a path. */
  private static final String ROOT = "ttd/compat/";

  private Corpus() {}

  /** The main classes under {@code classes} (compat/target/classes), sorted by name. */
  public static List<String> programs(Path classes) {
    Path root = classes.resolve(ROOT);
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(p -> p.getNameCount() == root.getNameCount() + 2)
          .map(p -> classes.relativize(p).toString().replace('\\', '/'))
          .filter(p -> p.endsWith(".class") && !p.contains("$") && !p.endsWith("package-info.class"))
          .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.'))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the corpus in " + root + "; build it with mvn install", e);
    }
  }

  /** A program's short name, its class name below {@code ttd.compat.}: {@code lucene.IndexAndSearch}. */
  public static String shortName(String mainClass) {
    return mainClass.startsWith("ttd.compat.") ? mainClass.substring("ttd.compat.".length()) : mainClass;
  }

  /**
   * One line of known-failures.txt: a program that does not replay yet on the given JDKs, the class
   * of its failure (a, b, c: the fidelity work it waits for; x: another class, found and not fixed
   * yet) and why.
   *
   * @param program the short name ({@code h2.CloseDelayMemoryDb})
   * @param jdks the JDK feature versions it fails on
   * @param failureClass {@code a}, {@code b}, {@code c} or {@code x}
   * @param intermittent written as the class followed by {@code ?}: it fails in some runs only, so a
   *     run that replays identically is no reason to remove the line
   * @param reason one line
   */
  public record KnownFailure(String program, List<Integer> jdks, String failureClass, boolean intermittent,
      String reason) {

    /** Whether it is expected to fail on JDK {@code feature}. */
    public boolean on(int feature) {
      return jdks.contains(feature);
    }
  }

  /**
   * Reads known-failures.txt: {@code program jdks class reason...} per line, {@code jdks} as
   * {@code 17}, {@code 25} or {@code 17,25}, {@code class} as one of {@code a b c x}, followed by
   * {@code ?} when the failure is intermittent; {@code #} starts a comment. A malformed line is an
   * error, never skipped.
   */
  public static Map<String, KnownFailure> knownFailures(Path file) {
    Map<String, KnownFailure> known = new TreeMap<>();
    for (Map.Entry<String, String> at : lines(file).entrySet()) {
      String line = at.getValue();
      String[] parts = line.split("\\s+", 4);
      if (parts.length < 4 || !parts[2].matches("[abcx]\\??") || !parts[1].matches("\\d+(,\\d+)*")) {
        throw new IllegalArgumentException(at.getKey()
            + ": expected `program jdks class reason`, e.g. `h2.CloseDelayMemoryDb 17,25 b hangs at exit`, got: " + line);
      }
      List<Integer> jdks = new ArrayList<>();
      for (String jdk : parts[1].split(",")) {
        jdks.add(Integer.parseInt(jdk));
      }
      if (known.put(parts[0], new KnownFailure(parts[0], List.copyOf(jdks), parts[2].substring(0, 1),
          parts[2].endsWith("?"), parts[3])) != null) {
        throw new IllegalArgumentException(at.getKey() + ": " + parts[0] + " is listed twice");
      }
    }
    return known;
  }

  /**
   * The {@code -javaagent} options {@code mainClass} runs with, from {@code file} (compat/java-agents.txt,
   * {@code program jar-name-start} per line), each naming the jar in {@code lib} whose file name
   * starts so. A malformed line, or one naming no jar or several, is an error, never skipped.
   */
  public static List<String> javaAgents(Path file, String mainClass, Path lib) {
    List<String> agents = new ArrayList<>();
    for (Map.Entry<String, String> at : lines(file).entrySet()) {
      String[] parts = at.getValue().split("\\s+");
      if (parts.length != 2) {
        throw new IllegalArgumentException(at.getKey()
            + ": expected `program jar-name-start`, e.g. `mockito.InlineMocks mockito-core-`, got: " + at.getValue());
      }
      if (parts[0].equals(shortName(mainClass))) {
        agents.add("-javaagent:" + jar(lib, parts[1], at.getKey()));
      }
    }
    return agents;
  }

  /** The lines of {@code file} that say something (neither blank nor a {@code #} comment), stripped, by {@code file:line}. */
  private static Map<String, String> lines(Path file) {
    List<String> all;
    try {
      all = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    Map<String, String> said = new java.util.LinkedHashMap<>();
    for (int i = 0; i < all.size(); i++) {
      String line = all.get(i).strip();
      if (!line.isEmpty() && !line.startsWith("#")) {
        said.put(file + ":" + (i + 1), line);
      }
    }
    return said;
  }

  private static Path jar(Path lib, String start, String where) {
    List<Path> found;
    try (Stream<Path> jars = Files.list(lib)) {
      found = jars.filter(p -> p.getFileName().toString().startsWith(start) && p.toString().endsWith(".jar")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the corpus's libraries in " + lib, e);
    }
    if (found.size() != 1) {
      throw new IllegalArgumentException(where + ": " + found.size() + " jars in " + lib + " start with " + start);
    }
    return found.get(0).toAbsolutePath();
  }

  /** The known failure of {@code mainClass} on JDK {@code feature}, if it is listed for it. */
  public static Optional<KnownFailure> knownFailure(Map<String, KnownFailure> known, String mainClass, int feature) {
    return Optional.ofNullable(known.get(shortName(mainClass))).filter(k -> k.on(feature));
  }
}
