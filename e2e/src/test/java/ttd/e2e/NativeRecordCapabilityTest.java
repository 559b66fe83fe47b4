package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ttd native record} checks that rr can record before it records. The test asks rr itself
 * ({@code rr record /bin/true}, as a user would): where rr cannot record (these machines: rr 5.6
 * does not know the CPU, and the VM has no performance counters), the command must refuse with
 * rr's own reason in one {@code ttd:} sentence, a non-zero status, no trace directory and no stack
 * dump; where rr can, it must record a trace that {@code rr replay} replays to the end.
 */
class NativeRecordCapabilityTest {

  static List<Jvm> jvms() {
    return Jvm.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void nativeRecordRefusesWithRrsOwnReasonWhereRrCannotRecordAndRecordsWhereItCan(Jvm jvm) throws Exception {
    NativeProgram.requireTool("rr");
    NativeProgram p = NativeProgram.compiled("ledger");
    Path work = Scratch.dir("native-record-" + jvm.label());
    Outcome direct = Exec.run(List.of("rr", "record", "-o", work.resolve("probe").toString(), "/bin/true"), work);
    Path out = work.resolve("trace");
    Outcome recorded = TtdRun.cli(jvm, work, "native", "record", "--out", out.toString(), "--", p.executable().toString());
    if (direct.exitStatus() == 0) {
      assertEquals(1, recorded.exitStatus(), "rr records the ledger, which exits 1:" + recorded.describe());
      assertTrue(Files.isDirectory(out), recorded.describe());
      Outcome replayed = Exec.run(List.of("rr", "replay", "-a", out.toString()), work);
      assertTrue(replayed.stdout().contains("audit failed: the books are off by -10034"), replayed.describe());
      return;
    }
    String rrSaid = direct.stderrLines().stream().filter(l -> !l.isBlank()).findFirst().orElseThrow()
        .replaceFirst("^\\[[^\\]]*\\] ", "");
    assertEquals(2, recorded.exitStatus(), recorded.describe());
    List<String> err = recorded.stderrLines();
    assertEquals(1, err.size(), "one sentence:" + recorded.describe());
    assertTrue(err.get(0).startsWith("ttd: rr cannot record here: "), recorded.describe());
    assertTrue(err.get(0).contains("(rr says: " + rrSaid + ")"), "rr's own reason, " + rrSaid + ":" + recorded.describe());
    assertTrue(err.get(0).contains("ttd debug --native -- PROGRAM"), "what to do instead:" + recorded.describe());
    assertFalse(Files.exists(out), "no trace directory left behind:" + recorded.describe());
    assertEquals("", recorded.stdout(), recorded.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jvms")
  void aDirectoryThatIsAnRrTraceIsOpenedByRrOrRefusedWithItsReason(Jvm jvm) throws Exception {
    NativeProgram.requireTool("rr");
    NativeProgram.requireTool("gdb");
    Path work = Scratch.dir("native-trace-" + jvm.label());
    Outcome direct = Exec.run(List.of("rr", "record", "-o", work.resolve("probe").toString(), "/bin/true"), work);
    org.junit.jupiter.api.Assumptions.assumeTrue(direct.exitStatus() != 0,
        "rr records here: opening a real trace needs the console test on such a machine, which this test is not");
    Path trace = Files.createDirectories(work.resolve("looks-like-a-trace"));
    Files.writeString(trace.resolve("version"), "85\n");
    Files.writeString(trace.resolve("events"), "");
    Outcome opened = TtdRun.cli(jvm, work, "debug", trace.toString());
    assertEquals(2, opened.exitStatus(), opened.describe());
    assertEquals(1, opened.stderrLines().size(), opened.describe());
    assertTrue(opened.stderrLines().get(0).startsWith("ttd: " + trace + " is an rr trace, but rr cannot replay it here: "), opened.describe());
  }
}
