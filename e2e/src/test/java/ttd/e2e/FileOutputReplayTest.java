package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Writes to files are recorded, and compared instead of performed in replay: a replay creates no
 * file, and a replayed program that writes other bytes than the recorded one is stopped there.
 * Deleting a file is answered from the recording and not performed.
 */
class FileOutputReplayTest {

  private static String program(String total) {
    return String.join(
        "\n",
        "import java.io.*;",
        "public class Report {",
        "  public static void main(String[] args) throws Exception {",
        "    try (PrintWriter w = new PrintWriter(new FileWriter(args[0]))) {",
        "      w.println(\"generated at \" + System.currentTimeMillis());",
        "      w.println(\"total " + total + "\");",
        "    }",
        "    System.out.println(\"report written\");",
        "  }",
        "}",
        "");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayComparesFileWritesWithoutPerformingThem(Jvm jvm) throws Exception {
    Path work = Scratch.dir("file-output-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Report", program("42"));
    Path report = work.resolve("report.txt");
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, List.of(), classes.toString(), "Report", List.of(report.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(Files.readString(report, StandardCharsets.UTF_8).contains("total 42"), "the recording wrote the report");

    Files.delete(report);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Report");
    assertFalse(Files.exists(report), "the replay created " + report);

    JavaSource.compile(classes, "Report", program("43"));
    Outcome changed = TtdRun.replay(jvm, recording);
    assertEquals(86, changed.exitStatus(), changed.describe());
    assertTrue(changed.stderr().contains("the log expected: a write to a file of"), changed.describe());
    assertTrue(changed.stderr().contains("total 42"), changed.describe());
    assertTrue(changed.stderr().contains("total 43"), changed.describe());
    assertFalse(Files.exists(report), "the diverging replay created " + report);
  }

  private static final String COPIER =
      String.join(
          "\n",
          "import java.io.*;",
          "public class Copier {",
          "  public static void main(String[] args) throws Exception {",
          "    byte[] all;",
          "    try (FileInputStream in = new FileInputStream(args[0])) { all = in.readAllBytes(); }",
          "    try (FileOutputStream out = new FileOutputStream(args[1])) { out.write(all); }",
          "    long sum = 0;",
          "    for (byte b : all) sum += b;",
          "    System.out.println(\"copied \" + all.length + \" bytes, sum \" + sum);",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aMultiMegabyteReadAndWriteInOneCallRecordAndReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("large-io-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Copier", COPIER);
    byte[] data = new byte[3 << 20];
    new java.util.SplittableRandom(7).nextBytes(data);
    Path source = Files.write(work.resolve("source.bin"), data);
    Path copy = work.resolve("copy.bin");
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, List.of(), classes.toString(), "Copier",
            List.of(source.toString(), copy.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(java.util.Arrays.equals(data, Files.readAllBytes(copy)), "the recording copied the file");

    Files.delete(source);
    Files.delete(copy);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Copier without its input");
    assertFalse(Files.exists(copy), "the replay wrote " + copy);
  }

  private static final String CLEANER =
      String.join(
          "\n",
          "import java.io.File;",
          "public class Cleaner {",
          "  public static void main(String[] args) {",
          "    System.out.println(\"cleaning at \" + System.currentTimeMillis());",
          "    System.out.println(\"deleted: \" + new File(args[0]).delete());",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayGivesTheRecordedResultOfADeleteAndLeavesTheFileAlone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("file-change-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Cleaner", CLEANER);
    Path victim = Files.writeString(work.resolve("victim.txt"), "keep me\n", StandardCharsets.UTF_8);
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, List.of(), classes.toString(), "Cleaner", List.of(victim.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertFalse(Files.exists(victim), "the recorded program deleted the file");

    Files.writeString(victim, "keep me\n", StandardCharsets.UTF_8);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Cleaner");
    assertTrue(recorded.stdout().contains("deleted: true"), recorded.describe());
    assertTrue(Files.exists(victim), "the replay deleted " + victim);
  }
}
