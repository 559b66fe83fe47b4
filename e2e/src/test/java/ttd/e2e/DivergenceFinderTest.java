package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The divergence finder ({@code path} agent option, {@code ttd record --path}): a replay that
 * leaves the recorded path between two events is stopped where it does, with the method and line
 * and both stacks, where the plain replay notices only at the next event; and a faithful
 * recording with the path replays as before.
 */
class DivergenceFinderTest {

  private static final int DIVERGED = 86;

  /**
   * Starts plugins in the order of a {@code HashSet}, then works for a while without an event.
   * The plugins' hash codes come from {@code Salt}: a different {@code Salt} between recording and
   * replay stands for any hash order the replay does not reproduce.
   */
  private static final String STARTUP =
      String.join(
          "\n",
          "import java.util.*;",
          "public class Startup {",
          "  interface Plugin { int start(int budget); }",
          "  static final class Audio implements Plugin {",
          "    public int start(int b) { return mix(b, 3); }",
          "    public int hashCode() { return Salt.of(\"audio\"); } }",
          "  static final class Video implements Plugin {",
          "    public int start(int b) { return mix(b, 5); }",
          "    public int hashCode() { return Salt.of(\"video\"); } }",
          "  static final class Input implements Plugin {",
          "    public int start(int b) { return mix(b, 7); }",
          "    public int hashCode() { return Salt.of(\"input\"); } }",
          "  static int mix(int b, int k) { int x = b; for (int i = 0; i < k; i++) x = x * 31 + i; return x; }",
          "  static long step(int i) { return Integer.bitCount(i) + Long.numberOfTrailingZeros(i | 1024); }",
          "  public static void main(String[] args) throws Exception {",
          "    System.out.println(\"booting at \" + System.currentTimeMillis());",
          "    Set<Plugin> plugins = new HashSet<>(List.of(new Audio(), new Video(), new Input()));",
          "    int budget = 100, checksum = 0;",
          "    for (Plugin p : plugins) {",
          "      budget = p.start(budget) % 1000; // START",
          "      checksum = checksum * 7 + budget;",
          "    }",
          "    long work = 0;",
          "    for (int i = 0; i < 20000; i++) work += step(i);",
          "    Thread t = new Thread(() -> System.out.println(\"worker says \" + step(7)));",
          "    t.start();",
          "    t.join();",
          "    System.out.println(\"checksum \" + checksum + \" work \" + work); // PRINT",
          "    System.out.println(\"EXIT-SUCCESS\");",
          "  }",
          "}",
          "");

  private static final String SALT = "public class Salt { static int of(String s) { return s.hashCode() * 1; } }\n";

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theFinderNamesTheFirstSplitWhereThePlainReplayReportsOnlyAtTheNextEvent(Jvm jvm) {
    Path work = Scratch.dir("finder-split-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Salt", SALT);
    JavaSource.compile(classes, "Startup", STARTUP, classes.toString());
    Path plain = work.resolve("plain");
    Path withPath = work.resolve("with-path");
    Outcome recordedPlain = TtdRun.record(jvm, plain, classes.toString(), "Startup");
    Outcome recorded = TtdRun.record(jvm, withPath, List.of("path"), classes.toString(), "Startup", List.of(), new byte[0]);
    assertEquals(0, recordedPlain.exitStatus(), "Startup failed while recording:" + recordedPlain.describe());
    assertEquals(0, recorded.exitStatus(), "Startup failed while recording its path:" + recorded.describe());

    JavaSource.compile(classes, "Salt", SALT.replace("* 1", "* 31"));
    Outcome plainReplay = TtdRun.replay(jvm, plain);
    Outcome finder = TtdRun.replay(jvm, withPath);

    String context = "\nplain replay:" + plainReplay.describe() + "\nfinder replay:" + finder.describe();
    assertEquals(DIVERGED, plainReplay.exitStatus(), "the changed order must make the replay diverge" + context);
    assertTrue(plainReplay.stderr().contains("at Startup.main(Startup.java:" + line("// PRINT") + ")"),
        "the plain replay should notice only at the print after the loop" + context);
    assertEquals(DIVERGED, finder.exitStatus(), "the finder must stop the replay" + context);
    assertTrue(finder.stderr().contains("ttd: replay left the recorded path in thread \"main\" (thread #0)"),
        "no finder report" + context);
    assertEquals(Optional.of("where: Startup.main(Startup.java:" + line("// START") + ")"), field(finder, "where"),
        "the finder must name the loop's call of start as the split" + context);
    String recordedStep = field(finder, "the recording").orElseThrow();
    String replayStep = field(finder, "the replay").orElseThrow();
    assertTrue(recordedStep.matches("the recording: entered Startup\\$(Audio|Video|Input)\\.start\\(Startup\\.java:\\d+\\)"),
        recordedStep + context);
    assertTrue(replayStep.matches("the replay: entered Startup\\$(Audio|Video|Input)\\.start\\(Startup\\.java:\\d+\\)"),
        replayStep + context);
    assertNotEquals(recordedStep.substring(recordedStep.indexOf(':')), replayStep.substring(replayStep.indexOf(':')),
        "the two steps must differ" + context);
    List<String> lines = finder.stderrLines();
    int recordedStack = lines.indexOf("ttd:   recorded stack (from the path log):");
    assertTrue(recordedStack > 0 && lines.get(recordedStack + 1).startsWith("ttd:     at Startup.main(Startup.java)"),
        "the recorded stack must be rebuilt from the path log" + context);
    assertTrue(lines.contains("ttd:     at Startup.main(Startup.java:" + line("// START") + ")"),
        "the replay's stack must be shown" + context);
    assertTrue(finder.stderr().contains("likely cause: class Salt differs from the recorded one"), context);
    assertTrue(lines.stream().allMatch(l -> l.startsWith("ttd: ")), "every report line starts with 'ttd: '" + context);
    assertFalse(finder.stdout().contains("checksum"), "the finder stopped after the split" + context);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aRecordingWithItsPathReplaysAsBeforeWhenNothingChanged(Jvm jvm) {
    Path work = Scratch.dir("finder-faithful-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Salt", SALT);
    JavaSource.compile(classes, "Startup", STARTUP, classes.toString());
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.cli(jvm, work, "record", "--out", recording.toString(), "--path", "--quiet", "--",
            jvm.java(), "-cp", classes.toString(), "Startup");
    assertEquals(0, recorded.exitStatus(), "ttd record --path failed:" + recorded.describe());
    assertTrue(recorded.stdout().contains("checksum "), recorded.describe());
    for (int i = 0; i < 2; i++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay " + i + " of Startup with its path on " + jvm);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aChaosRecordingOfThreadsWithTheirPathsReplaysAsBefore(Jvm jvm) {
    // BoxOffice oversells in some interleavings (its bug) and then exits 1: the replay must too
    for (String sample : List.of("QuotePipeline:invoice checksum: ", "BoxOffice:Night Shift: ")) {
      String name = sample.substring(0, sample.indexOf(':'));
      Path recording = Scratch.dir("finder-" + name + "-" + jvm.label()).resolve("recording");
      Outcome recorded = TtdRun.record(jvm, recording, List.of("path", "chaos"), TtdRun.samplesClassPath(false),
          "ttd.samples.concurrency." + name, List.of(), new byte[0]);
      assertTrue(recorded.stdout().contains(sample.substring(sample.indexOf(':') + 1)),
          name + " did not run to its summary while recording:" + recorded.describe());
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of " + name + " (chaos, path) on " + jvm);
    }
  }

  /** The line of {@link #STARTUP} that holds {@code marker}. */
  private static int line(String marker) {
    List<String> lines = STARTUP.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(marker)) {
        return i + 1;
      }
    }
    throw new AssertionError("no line with " + marker);
  }

  /** The report's line "ttd:   LABEL: ...", without the prefix. */
  private static Optional<String> field(Outcome o, String label) {
    return o.stderrLines().stream()
        .filter(l -> l.startsWith("ttd:   " + label + ": "))
        .map(l -> l.substring("ttd:   ".length()))
        .findFirst();
  }
}
