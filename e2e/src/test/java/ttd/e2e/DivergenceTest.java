package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A replay that cannot be faithful stops with status 86 and says why: the program's class changed
 * since the recording, or the program read an input ttd does not capture yet (a memory-mapped file).
 */
class DivergenceTest {

  private static final int DIVERGED = 86;

  private static final String CLOCK_READER =
      String.join(
          "\n",
          "public class ClockReader {",
          "  public static void main(String[] args) {",
          "    long now = System.currentTimeMillis();",
          "    System.out.println(\"now=\" + now);",
          "    System.out.println(\"uptime-nanos=\" + System.nanoTime());",
          "    System.out.println(\"EXIT-SUCCESS\");",
          "  }",
          "}",
          "");

  /** The same program with one more clock read before the first print. */
  private static final String CLOCK_READER_CHANGED =
      CLOCK_READER.replace(
          "    long now = System.currentTimeMillis();\n",
          "    long now = System.currentTimeMillis();\n    long extra = System.nanoTime();\n");

  private static final String LIBRARY_LOADER =
      String.join(
          "\n",
          "public class LibraryLoader {",
          "  public static void main(String[] args) {",
          "    System.out.println(\"started at \" + System.currentTimeMillis());",
          "    System.load(args[0]);",
          "    System.out.println(\"loaded \" + args[0]);",
          "    System.out.println(\"EXIT-SUCCESS\");",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayOfAClassChangedSinceRecordingStopsWithADivergenceReport(Jvm jvm) {
    assertFalse(CLOCK_READER_CHANGED.equals(CLOCK_READER), "the variant must differ");
    Path work = Scratch.dir("diverge-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "ClockReader", CLOCK_READER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "ClockReader");
    assertEquals(0, recorded.exitStatus(), "ClockReader failed while recording:" + recorded.describe());

    JavaSource.compile(classes, "ClockReader", CLOCK_READER_CHANGED);
    Outcome replayed = TtdRun.replay(jvm, recording);

    assertEquals(DIVERGED, replayed.exitStatus(), "a changed class must make the replay diverge:" + replayed.describe());
    String report = replayed.stderr();
    for (String expected :
        List.of(
            "ttd: replay diverged",
            "the log expected",
            "the program did",
            "likely cause: class ClockReader differs from the recorded one")) {
      assertTrue(report.contains(expected), "divergence report lacks '" + expected + "':" + replayed.describe());
    }
    assertTrue(
        replayed.stderrLines().stream().anyMatch(l -> l.contains("at ClockReader.main(ClockReader.java:")),
        "divergence report lacks the stack of the diverging thread:" + replayed.describe());
    assertTrue(
        replayed.stderrLines().stream().allMatch(l -> l.startsWith("ttd: ")),
        "every line of the divergence report starts with 'ttd: ':" + replayed.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void programThatLoadsANativeLibraryRecordsFineAndItsReplayStopsAtTheUncapturedInput(Jvm jvm) throws Exception {
    Path work = Scratch.dir("uncaptured-input-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "LibraryLoader", LIBRARY_LOADER);
    String libc = libc();
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, List.of(), classes.toString(), "LibraryLoader", List.of(libc), new byte[0]);

    assertEquals(0, recorded.exitStatus(), "LibraryLoader failed while recording:" + recorded.describe());
    assertTrue(recorded.stdout().contains("loaded " + libc + "\n"), "the library was not loaded:" + recorded.describe());
    assertStopsAtUncapturedInput(recorded, TtdRun.replay(jvm, recording));
  }

  /** The C library this JVM runs on: a native library outside the JDK that every Linux JVM has. */
  private static String libc() throws IOException {
    return Files.readAllLines(Path.of("/proc/self/maps")).stream()
        .map(l -> l.substring(l.lastIndexOf(' ') + 1))
        .filter(p -> p.matches(".*/libc[.-][^/]*so.*"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no C library in /proc/self/maps"));
  }

  private static void assertStopsAtUncapturedInput(Outcome recorded, Outcome replayed) {
    String context = "\nrecorded:" + recorded.describe() + "\nreplayed:" + replayed.describe();
    assertEquals(DIVERGED, replayed.exitStatus(), "replay must stop at the uncaptured input" + context);
    assertTrue(
        replayed.stderrLines().stream().anyMatch(l -> l.startsWith("ttd: ") && l.contains("an input ttd does not capture yet")),
        "no 'ttd: ... an input ttd does not capture yet' line" + context);
    assertTrue(
        replayed.stdout().startsWith("started at ") && recorded.stdout().startsWith(replayed.stdout()),
        "up to the input, the replay prints what the recording printed" + context);
    assertFalse(replayed.stdout().contains("EXIT-SUCCESS"), "the replay went past the input" + context);
  }
}
