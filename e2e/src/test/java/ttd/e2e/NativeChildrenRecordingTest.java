package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ttd record --native-children}: a Java program that runs a native helper (the ledger C
 * program) is recorded as usual, and the helper with rr where rr can record. Where it cannot
 * (these machines), ttd says so and the Java recording goes on unaffected. The wiring that starts
 * each child under rr is checked with a stand-in for rr (a script that notes its arguments and runs
 * the program), since real rr cannot record here.
 */
class NativeChildrenRecordingTest {

  private static final String RUNNER =
      String.join(
          "\n",
          "import java.nio.charset.StandardCharsets;",
          "public class LedgerRunner {",
          "  public static void main(String[] args) throws Exception {",
          "    Process p = new ProcessBuilder(args[0]).start();",
          "    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();",
          "    System.out.println(\"ledger said: \" + out + \"; exit=\" + p.waitFor());",
          "  }",
          "}",
          "");

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void whereRrCannotRecordTtdSaysSoAndTheJavaRecordingGoesOnUnaffected(Jvm jvm) throws Exception {
    NativeProgram.requireTool("rr");
    NativeProgram ledger = NativeProgram.compiled("ledger");
    Path work = Scratch.dir("native-children-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "LedgerRunner", RUNNER);
    Outcome direct = Exec.run(List.of("rr", "record", "-o", work.resolve("probe").toString(), "/bin/true"), work);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.cli(jvm, work, "record", "--out", recording.toString(), "--quiet", "--native-children", "--",
        jvm.java(), "-cp", classes.toString(), "LedgerRunner", ledger.executable().toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("ledger said: audit failed: the books are off by -10034; exit=1"), recorded.describe());
    if (direct.exitStatus() == 0) {
      assertTrue(Files.isDirectory(recording.resolve("native").resolve("1-ledger")), "rr's trace of the child:" + recorded.describe());
    } else {
      assertTrue(recorded.stderr().contains("ttd: --native-children: rr cannot record here: "), recorded.describe());
      assertTrue(recorded.stderr().contains("the Java program is recorded as usual"), recorded.describe());
      assertFalse(Files.exists(recording.resolve("native")), recorded.describe());
    }
    Outcome replayed = TtdRun.replay(jvm, recording);
    assertEquals(recorded.exitStatus(), replayed.exitStatus(), replayed.describe());
    assertEquals(recorded.stdout(), replayed.stdout(), "the replay prints what the recording printed:" + replayed.describe());
    assertEquals(recorded.stderr().replaceFirst("ttd: --native-children: [^\n]*\n", ""), replayed.stderr(),
        "and the program's stderr, without ttd's own line about rr:" + replayed.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void eachChildRunsUnderTheRrTtdFoundAndTheReplayStartsNone(Jvm jvm) throws Exception {
    NativeProgram ledger = NativeProgram.compiled("ledger");
    Path work = Scratch.dir("native-children-standin-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "LedgerRunner", RUNNER);
    Path ran = work.resolve("rr-ran");
    Path rr = work.resolve("stand-in-rr");
    Files.writeString(rr, String.join("\n",
        "#!/bin/sh",
        "# stands in for rr record: notes its arguments, then runs the program",
        "[ \"$1\" = record ] && [ \"$2\" = -o ] || exit 9",
        "dir=\"$3\"; shift 3",
        "mkdir -p \"$dir\" && printf '%s\\n' \"$@\" > \"$dir/argv\" && echo \"$dir\" >> " + ran,
        "exec \"$@\"", ""), StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(rr, PosixFilePermissions.fromString("rwx------"));
    Path recording = work.resolve("recording");
    List<String> cmd = new ArrayList<>(List.of(jvm.java(), "-Dttd.rr=" + rr, "-jar", TtdRun.jar().toString(),
        "record", "--out", recording.toString(), "--quiet", "--native-children", "--",
        jvm.java(), "-cp", classes.toString(), "LedgerRunner", ledger.executable().toString()));
    Outcome recorded = Exec.run(cmd, work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("ledger said: audit failed: the books are off by -10034; exit=1"), recorded.describe());
    Path trace = recording.resolve("native").resolve("1-ledger");
    assertEquals(List.of(ledger.executable().toString()), Files.readAllLines(trace.resolve("argv")), "rr record -o TRACE ran the child");
    List<String> runs = Files.readAllLines(ran);
    assertEquals(2, runs.size(), "the probe and the child: " + runs);

    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of LedgerRunner recorded with its child under rr");
    assertEquals(runs, Files.readAllLines(ran), "the replay started no child");
  }
}
