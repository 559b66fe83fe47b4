package ttd.e2e;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Runs ttd the ways a user does: a program recorded with {@code -javaagent:ttd.jar=out=DIR,quiet}
 * on a chosen JDK, and the CLI ({@code <same JDK>/bin/java -jar ttd.jar replay DIR}, info, ...).
 *
 * <p>The tests use a snapshot of {@code ttd.jar} copied once per test run, so a rebuild of
 * dist/target/ttd.jar while the suite runs cannot mix two builds in one test.
 */
public final class TtdRun {

  private static Path snapshot;

  private TtdRun() {}

  /** The ttd.jar under test (a private copy of {@code ttd.jar} taken at first use). */
  public static synchronized Path jar() {
    if (snapshot == null) {
      Path copy = takeSnapshot(builtJar());
      firstStart(copy);
      snapshot = copy;
    }
    return snapshot;
  }

  /**
   * Starts the fresh copy once, alone, so that it unpacks its nested libraries before tests start
   * it in parallel: that is the state of any installation after its first use. Concurrent first
   * starts are a case of their own, see {@link ConcurrentFirstStartTest}.
   */
  private static void firstStart(Path jar) {
    List<String> help = List.of(Jvm.current().java(), "-jar", jar.toString(), "help");
    Outcome outcome = Exec.run(help, jar.getParent());
    if (outcome.exitStatus() != 0) {
      throw new AssertionError("`ttd help` fails on a fresh copy of ttd.jar:" + outcome.describe());
    }
  }

  /** A fresh copy of the built ttd.jar in a new scratch directory, verified to be complete. */
  static Path takeSnapshot(Path built) {
    AssertionError last = null;
    for (int attempt = 0; attempt < 12; attempt++) {
      try {
        Path copy = Scratch.dir("ttd-jar").resolve("ttd.jar");
        Files.copy(built, copy, StandardCopyOption.REPLACE_EXISTING);
        try (JarFile jar = new JarFile(copy.toFile())) {
          Manifest m = jar.getManifest();
          if (m != null
              && m.getMainAttributes().getValue("Main-Class") != null
              && m.getMainAttributes().getValue("Premain-Class") != null) {
            return copy;
          }
        }
        last = new AssertionError(built + " has no Main-Class/Premain-Class; is it ttd.jar?");
      } catch (IOException e) {
        // being rebuilt by `mvn install` right now: wait and retry
        last = new AssertionError("cannot read " + built + " (" + e + "); build it with mvn install", e);
      }
      pause(5_000);
    }
    throw last;
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** The samples' compiled classes. */
  public static Path samplesClasses() {
    return Paths.get(property("ttd.samples")).toAbsolutePath();
  }

  /** The class path of a sample: its classes, plus the samples' libraries when asked. */
  public static String samplesClassPath(boolean withLibraries) {
    List<String> entries = new ArrayList<>();
    entries.add(samplesClasses().toString());
    if (withLibraries) {
      Path lib = Paths.get(property("ttd.samples.lib")).toAbsolutePath();
      try (var jars = Files.list(lib)) {
        jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> entries.add(p.toString()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  /**
   * The command recording {@code main} with the agent into {@code out}, quietly, plus the given
   * agent options (e.g. {@code clock=...}, {@code seed=42}).
   */
  public static List<String> recordCommand(
      Jvm jvm, Path out, List<String> options, String classPath, String main, List<String> args) {
    return recordCommand(jvm, out, options, List.of(), classPath, main, args);
  }

  /**
   * The same, with {@code jvmOptions} (e.g. {@code -Djava.io.tmpdir=DIR}) after the agent and
   * before {@code -cp}, where a user puts them.
   */
  public static List<String> recordCommand(
      Jvm jvm, Path out, List<String> options, List<String> jvmOptions, String classPath, String main,
      List<String> args) {
    List<String> agent = new ArrayList<>();
    agent.add("out=" + out.toAbsolutePath());
    agent.add("quiet");
    agent.addAll(options);
    List<String> cmd = new ArrayList<>();
    cmd.add(jvm.java());
    cmd.add("-javaagent:" + jar() + "=" + String.join(",", agent));
    cmd.addAll(jvmOptions);
    cmd.add("-cp");
    cmd.add(classPath);
    cmd.add(main);
    cmd.addAll(args);
    return cmd;
  }

  /** Records {@code main} with the agent into {@code out}, running in {@code out}'s parent. */
  public static Outcome record(Jvm jvm, Path out, String classPath, String main, String... args) {
    return record(jvm, out, List.of(), classPath, main, List.of(args), new byte[0]);
  }

  /** Records with extra agent options and the given stdin, running in {@code out}'s parent. */
  public static Outcome record(
      Jvm jvm, Path out, List<String> options, String classPath, String main, List<String> args, byte[] stdin) {
    Path dir = out.toAbsolutePath().getParent();
    return Exec.run(recordCommand(jvm, out, options, classPath, main, args), dir, stdin);
  }

  /** Records with extra agent options, the given stdin and JVM options, running in {@code out}'s parent. */
  public static Outcome record(
      Jvm jvm, Path out, List<String> options, String classPath, String main, List<String> args, byte[] stdin,
      String... jvmOptions) {
    Path dir = out.toAbsolutePath().getParent();
    return Exec.run(recordCommand(jvm, out, options, List.of(jvmOptions), classPath, main, args), dir, stdin);
  }

  /** {@code <jvm>/bin/java -jar ttd.jar replay DIR}, run in {@code recording}'s parent. */
  public static Outcome replay(Jvm jvm, Path recording) {
    return cli(jvm, recording.toAbsolutePath().getParent(), "replay", recording.toAbsolutePath().toString());
  }

  /**
   * {@code ttd replay RECORDING} with {@code env} ({@code NAME=value} entries) added to the
   * environment of the command (and so of its replay JVM), run in {@code dir}.
   */
  public static Outcome replay(Jvm jvm, Path recording, Path dir, String... env) {
    return Exec.run(withEnv(List.of(jvm.java(), "-jar", jar().toString(), "replay",
        recording.toAbsolutePath().toString()), env), dir);
  }

  /** {@code command} run by {@code env} with {@code entries} ({@code NAME=value}) added to its environment. */
  public static List<String> withEnv(List<String> command, String... entries) {
    List<String> cmd = new ArrayList<>(List.of("env"));
    cmd.addAll(List.of(entries));
    cmd.addAll(command);
    return cmd;
  }

  /** {@code ttd record --out OUT --quiet -- java -cp ... <sample>}, the CLI launcher, in {@code dir}. */
  public static Outcome cliRecord(Jvm jvm, Path dir, Path out, Sample sample) {
    return cli(
        jvm, dir, "record", "--out", out.toString(), "--quiet", "--",
        jvm.java(), "-cp", sample.classPath(), sample.mainClass());
  }

  /** {@code <jvm>/bin/java -jar ttd.jar ARGS...} in {@code dir}. */
  public static Outcome cli(Jvm jvm, Path dir, String... args) {
    List<String> cmd = new ArrayList<>(List.of(jvm.java(), "-jar", jar().toString()));
    cmd.addAll(List.of(args));
    return Exec.run(cmd, dir);
  }

  /** The ttd.jar produced by the build (dist/target/ttd.jar). */
  static Path builtJar() {
    return Paths.get(property("ttd.jar"));
  }

  private static String property(String name) {
    String value = System.getProperty(name, "");
    if (value.isBlank()) {
      throw new IllegalStateException(
          "system property " + name + " is not set; run the tests with `mvn verify -pl e2e`");
    }
    return value;
  }
}
