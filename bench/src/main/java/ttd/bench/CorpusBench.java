package ttd.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import ttd.compat.Corpus;
import ttd.compat.Corpus.KnownFailure;

/**
 * {@code compat/run.sh}: each corpus program run plain once, recorded once and replayed N times
 * on one JDK, each in a temp directory of its own that is emptied before the replays; prints the
 * pass table with wall-time ratios against the plain run of the same invocation
 * ({@link CorpusReport}). It only measures and prints; the e2e {@code CorpusReplayTest} is what
 * requires replays to be identical.
 */
public final class CorpusBench {

  static final String USAGE = String.join("\n",
      "usage: compat/run.sh [--replays N] [--only NAME[,NAME...]] [--jdk 17|25]",
      "  (the harness: java -cp bench/target/classes:compat/target/classes ttd.bench.CorpusBench",
      "     --java PATH --ttd-jar PATH --corpus compat/target --known compat/known-failures.txt",
      "     [--replays N] [--only NAMES] [--timeout-s N])",
      "  --replays N    replays of each recording (default 3)",
      "  --only NAMES   programs whose short name (lucene.IndexAndSearch) or library (lucene) is listed",
      "  --timeout-s N  a hang guard: kill a run that takes longer (default 240)");

  private CorpusBench() {}

  public static void main(String[] args) throws Exception {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage().isEmpty() ? USAGE : "ttd bench: " + e.getMessage() + "\n" + USAGE);
      System.exit(e.getMessage().isEmpty() ? 0 : 2);
      return;
    }
    Path scratch = Files.createTempDirectory("ttd-corpus-bench");
    ChildLauncher launcher = new ChildLauncher(scratch, o.timeoutSeconds);
    JdkVersion jdk = JdkVersion.of(launcher, o.java);
    Map<String, KnownFailure> known = Corpus.knownFailures(o.known);
    String classPath = classPath(o.corpus);
    String loadBefore = BenchMain.loadAverage();
    List<CorpusResult> results = new ArrayList<>();
    for (String main : Corpus.programs(o.corpus.resolve("classes"))) {
      if (o.wants(Corpus.shortName(main))) {
        CorpusResult r = run(launcher, o, classPath, main, scratch);
        System.err.println("ttd bench: " + r.progressLine());
        results.add(r);
      }
    }
    new CorpusReport(System.out).print(jdk, o.java, o.replays, results, known, loadBefore, BenchMain.loadAverage());
    deleteTree(scratch);
  }

  /** Plain, recorded, replayed N times: each run its own temp dir, emptied before the replays. */
  private static CorpusResult run(ChildLauncher launcher, Options o, String classPath, String main, Path scratch)
      throws IOException {
    Path work = Files.createTempDirectory(scratch, Corpus.shortName(main) + "-");
    ChildRun plain = launcher.run(Mode.PLAIN, 1, program(o, work.resolve("plain-tmp"), classPath, main, null));
    deleteTree(work.resolve("plain-tmp"));
    Path recording = work.resolve("recording");
    ChildRun record = launcher.run(Mode.RECORD, 1, program(o, work.resolve("tmp"), classPath, main, recording));
    deleteTree(work.resolve("tmp"));
    Files.createDirectories(work.resolve("tmp")); // empty, as the e2e test leaves it
    List<ChildRun> replays = new ArrayList<>();
    RecordingInfo info = null;
    if (Files.isDirectory(recording)) {
      info = RecordingInfo.of(launcher, o.java, o.ttdJar, recording, 1);
      for (int i = 1; i <= o.replays; i++) {
        replays.add(launcher.run(Mode.REPLAY, i,
            List.of(o.java, "-jar", o.ttdJar.toAbsolutePath().toString(), "replay", recording.toString())));
      }
    }
    deleteTree(work);
    return new CorpusResult(main, plain, record, replays, info);
  }

  /**
   * {@code java [-javaagent:ttd] [the program's own agents] -Djava.io.tmpdir=TMP -cp CP main}, the
   * temp dir made first.
   */
  private static List<String> program(Options o, Path tmp, String classPath, String main, Path recording)
      throws IOException {
    Files.createDirectories(tmp);
    List<String> cmd = new ArrayList<>(List.of(o.java));
    if (recording != null) {
      cmd.add("-javaagent:" + o.ttdJar.toAbsolutePath() + "=out=" + recording + ",quiet");
    }
    cmd.addAll(Corpus.javaAgents(o.known.resolveSibling("java-agents.txt"), main, o.corpus.resolve("lib")));
    cmd.addAll(List.of("-Djava.io.tmpdir=" + tmp, "-cp", classPath, main));
    return cmd;
  }

  private static String classPath(Path corpus) throws IOException {
    List<String> entries = new ArrayList<>(List.of(corpus.resolve("classes").toAbsolutePath().toString()));
    try (Stream<Path> jars = Files.list(corpus.resolve("lib"))) {
      jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> entries.add(p.toAbsolutePath().toString()));
    }
    return String.join(File.pathSeparator, entries);
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The harness's command line. */
  static final class Options {
    String java;
    Path ttdJar;
    Path corpus;
    Path known;
    int replays = 3;
    List<String> only = List.of();
    long timeoutSeconds = 240;

    static Options parse(String[] args) {
      Options o = new Options();
      Flags.each(args, (a, v) -> {
        switch (a) {
          case "--java" -> o.java = v;
          case "--ttd-jar" -> o.ttdJar = Paths.get(v);
          case "--corpus" -> o.corpus = Paths.get(v);
          case "--known" -> o.known = Paths.get(v);
          case "--replays" -> o.replays = Flags.positive(a, v);
          case "--only" -> o.only = List.of(v.split(","));
          case "--timeout-s" -> o.timeoutSeconds = Flags.positive(a, v);
          default -> throw new IllegalArgumentException("unknown option " + a);
        }
      });
      if (o.java == null || o.ttdJar == null || o.corpus == null || o.known == null) {
        throw new IllegalArgumentException("--java, --ttd-jar, --corpus and --known are required");
      }
      if (!Files.isRegularFile(o.ttdJar)) {
        throw new IllegalArgumentException("no ttd.jar at " + o.ttdJar);
      }
      if (!Files.isDirectory(o.corpus.resolve("classes")) || !Files.isDirectory(o.corpus.resolve("lib"))) {
        throw new IllegalArgumentException(o.corpus + " has no classes/ and lib/; build compat with mvn install");
      }
      return o;
    }

    /** Whether {@code shortName} (lucene.IndexAndSearch) is selected by --only (its name or its library). */
    boolean wants(String shortName) {
      return only.isEmpty() || only.contains(shortName) || only.contains(shortName.substring(0, shortName.indexOf('.')));
    }
  }
}
