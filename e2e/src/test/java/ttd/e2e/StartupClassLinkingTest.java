package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A replay's JVM has linked the same JDK classes as its recording's by the time the program
 * starts. The first link of a JDK class draws identity hashes, so a class that only one mode's
 * start-up links (the recording's header written with {@code Files.write}, Chronicle's appender
 * listing its directory) made the program's later hashes differ in the replay from where the
 * program first used it (see {@code StartupSymmetry}).
 */
class StartupClassLinkingTest {

  private static final String HELLO =
      String.join("\n", "public class Hello {", "  public static void main(String[] a) { System.out.println(\"hi\"); }", "}", "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aReplayStartsTheProgramWithTheSameJdkClassesLoadedAsItsRecording(Jvm jvm) throws Exception {
    Path work = Scratch.dir("startup-classes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Hello", HELLO);
    Path recording = work.resolve("recording");

    // the JVM logs class loading to its own stdout, past ttd's hooks; the replay JVM is started with
    // the recorded JVM's options, this one among them (a log to a file would be left out: a replay
    // writes no file)
    Outcome recorded =
        Exec.run(List.of(jvm.java(), "-Xlog:class+load", "-javaagent:" + TtdRun.jar() + "=out=" + recording + ",quiet",
            "-cp", classes.toString(), "Hello"), work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, recording);
    assertEquals(0, replayed.exitStatus(), replayed.describe());
    assertTrue(replayed.stdout().lines().anyMatch("hi"::equals), replayed.describe());

    Set<String> atRecord = jdkClassesBeforeMain(recorded, "ttd.agent.record.RecordSession");
    Set<String> atReplay = jdkClassesBeforeMain(replayed, "ttd.agent.replay.ReplaySession");
    Set<String> recordOnly = new TreeSet<>(atRecord);
    recordOnly.removeAll(atReplay);
    Set<String> replayOnly = new TreeSet<>(atReplay);
    replayOnly.removeAll(atRecord);
    assertTrue(atRecord.contains("java.lang.Thread"), "the class-load log was read: " + atRecord.size() + " classes");
    assertEquals("[] []", recordOnly + " " + replayOnly, "JDK classes loaded before main by the recording only, then by the replay only");
  }

  /**
   * JDK classes loaded before the main class (generated ones left out) by the JVM whose run this
   * is, which must have loaded {@code session}.
   */
  private static Set<String> jdkClassesBeforeMain(Outcome run, String session) {
    List<String> log = run.stdout().lines().toList();
    assertTrue(log.stream().anyMatch(x -> x.contains("] " + session + " source:")),
        "the JVM's class-load log does not show " + session + ":" + run.describe());
    Set<String> names = new TreeSet<>();
    for (String line : log) {
      if (line.contains("] Hello source:")) {
        break;
      }
      int at = line.indexOf("] ");
      int end = line.indexOf(" source:");
      String name = at < 0 || end < at ? "" : line.substring(at + 2, end);
      boolean jdk = name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.");
      if (jdk && !name.contains("$$") && !name.contains("LambdaForm$") && !name.contains("/0x")) {
        names.add(name);
      }
    }
    return names;
  }
}
