package ttd.e2e;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One corpus program recorded once and replayed once on one JDK, as {@link CorpusReplayTest} runs
 * it: the program gets a temp directory of its own ({@code -Djava.io.tmpdir}), emptied of
 * everything the program left there before the replay (the directory itself stays, as a machine's
 * {@code /tmp} does); the replay then runs with its files gone and must create none, and with its
 * peers and network gone too: in a network namespace of its own where the machine allows one
 * ({@link NoNetwork}). A process that does not end within {@link Exec#TIMEOUT} is killed and
 * counted as hung (a failure to triage, not a reason to wait longer).
 *
 * @param recorded the recording run, or null if it hung
 * @param replayed the replay, or null if the recording hung or the replay did
 * @param hung what hung and what it printed, or null
 * @param leftBehind what the replay created in the program's temp or working directory, or empty
 */
record CorpusRun(Outcome recorded, Outcome replayed, String hung, List<String> leftBehind) {

  /** The corpus's classes and every library jar, as a class path (from the properties {@code mvn verify -pl e2e} sets). */
  static String classPath() {
    List<String> entries = new ArrayList<>();
    entries.add(Paths.get(property("ttd.compat.classes")).toAbsolutePath().toString());
    Path lib = Paths.get(property("ttd.compat.lib"));
    try (Stream<Path> jars = Files.list(lib)) {
      jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> entries.add(p.toAbsolutePath().toString()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the corpus's libraries in " + lib + "; build compat with mvn install", e);
    }
    return String.join(File.pathSeparator, entries);
  }

  /** The program's own {@code -javaagent} options (compat/java-agents.txt), which the recording adds after ttd's. */
  static List<String> javaAgents(String main) {
    return ttd.compat.Corpus.javaAgents(Paths.get(property("ttd.compat.agents")), main,
        Paths.get(property("ttd.compat.lib")));
  }

  static String property(String name) {
    String value = System.getProperty(name, "");
    if (value.isBlank()) {
      throw new IllegalStateException("system property " + name + " is not set; run the tests with `mvn verify -pl e2e`");
    }
    return value;
  }

  /** Records {@code main} from {@code classPath} on {@code jvm} in a new scratch directory and replays it. */
  static CorpusRun of(Jvm jvm, String classPath, String main) {
    Path work = Scratch.dir("corpus-" + main.substring(main.lastIndexOf('.') + 1) + "-" + jvm.label());
    Path tmp = work.resolve("tmp");
    Path recording = work.resolve("recording");
    Outcome recorded;
    try {
      Files.createDirectories(tmp);
      List<String> jvmOptions = new ArrayList<>(javaAgents(main));
      jvmOptions.add("-Djava.io.tmpdir=" + tmp);
      recorded = Exec.run(TtdRun.recordCommand(jvm, recording, List.of(), jvmOptions, classPath, main, List.of()), work);
    } catch (AssertionError hang) {
      return new CorpusRun(null, null, "the recording hung: " + hang.getMessage(), List.of());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    deleteContents(tmp);
    List<String> before = listing(work);
    Outcome replayed;
    try {
      replayed = NoNetwork.available()
          ? Exec.run(NoNetwork.inside(List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay",
              recording.toAbsolutePath().toString())), work)
          : TtdRun.replay(jvm, recording);
    } catch (AssertionError hang) {
      return new CorpusRun(recorded, null, "the replay hung: " + hang.getMessage(), List.of());
    }
    List<String> after = listing(work);
    after.removeAll(before);
    return new CorpusRun(recorded, replayed, null, after);
  }

  /** The recording exited 0, and the replay printed the same bytes and exited with the same status. */
  boolean identical() {
    return hung == null
        && recorded.exitStatus() == 0
        && replayed.exitStatus() == recorded.exitStatus()
        && replayed.stdout().equals(recorded.stdout())
        && replayed.stderr().equals(recorded.stderr());
  }

  /** One line saying how it went: identical, or the first thing that differs. */
  String summary() {
    if (hung != null) {
      return hung.lines().findFirst().orElse(hung);
    }
    if (recorded.exitStatus() != 0) {
      return "the recording exited " + recorded.exitStatus() + ": " + lastLines(recorded.stderr(), 3);
    }
    if (replayed.exitStatus() != recorded.exitStatus()) {
      return "the replay exited " + replayed.exitStatus() + ": " + ttdLines(replayed.stderr());
    }
    if (!replayed.stdout().equals(recorded.stdout()) || !replayed.stderr().equals(recorded.stderr())) {
      return "the replay printed other output";
    }
    return "identical";
  }

  /** Everything both runs printed, for a failure message. */
  String describe() {
    return summary()
        + (recorded == null ? "" : "\nrecorded:" + recorded.describe())
        + (replayed == null ? "" : "\nreplayed:" + replayed.describe())
        + (hung == null ? "" : "\n" + hung);
  }

  private static String ttdLines(String stderr) {
    String ttd = stderr.lines().filter(l -> l.startsWith("ttd:")).limit(3).collect(Collectors.joining(" | "));
    return ttd.isEmpty() ? lastLines(stderr, 3) : ttd;
  }

  private static String lastLines(String text, int n) {
    List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
    return String.join(" | ", lines.subList(Math.max(0, lines.size() - n), lines.size()));
  }

  /** Every path below {@code dir} but the recording's own files, relative to {@code dir}. */
  private static List<String> listing(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      return all.map(p -> dir.relativize(p).toString())
          .filter(p -> !p.isEmpty() && !p.equals("recording") && !p.startsWith("recording" + File.separator))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteContents(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(dir)).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete what the recorded program left in " + dir, e);
    }
  }
}
