package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ttd's log library (Chronicle Core) looks for a build directory when it starts, and where none
 * is in the working directory or above it, it made one in {@code java.io.tmpdir}: the program's
 * temporary directory gained a {@code target/} in record and in replay. Seen with the corpus's
 * programs run from a directory tree without {@code target/} (e2e runs from one with it).
 */
class ProgramTempDirReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "public class Hello {",
          "  public static void main(String[] args) {",
          "    System.out.println(\"hello at \" + System.nanoTime() % 1000);",
          "  }",
          "}",
          "");

  /** A working directory none of whose ancestors has a target/ or build/. */
  private static final Path NO_BUILD_ABOVE = Path.of("/proc/1");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void recordAndReplayLeaveTheProgramsTempDirEmpty(Jvm jvm) throws Exception {
    for (Path p = NO_BUILD_ABOVE; p != null; p = p.getParent()) {
      assumeFalse(Files.exists(p.resolve("target")) || Files.exists(p.resolve("build")), p + " has a build directory");
    }
    Path work = Scratch.dir("program-temp-dir-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Hello", PROGRAM);
    Path tmp = Files.createDirectories(work.resolve("tmp"));
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes.toString(), "Hello", List.of(), new byte[0],
        "-Djava.io.tmpdir=" + tmp, "-Duser.dir=" + NO_BUILD_ABOVE);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(List.of(), entries(tmp), "the recording created files");

    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Hello");
    assertEquals(List.of(), entries(tmp), "the replay created files");
  }

  private static List<String> entries(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
