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
 * A program that runs a child process and parses its output replays on a PATH without that
 * program: the replay starts no process, reads the child's recorded output and exit code, and
 * does not send it the program's input.
 */
class ProcessReplayTest {

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void gitFeatureCheckCrashesOnAVendorGitAndReplaysTheCrashWithoutGit(Jvm jvm) throws Exception {
    Path work = Scratch.dir("process-" + jvm.label());
    Path bin = Files.createDirectory(work.resolve("bin"));
    Path marker = work.resolve("git-ran");
    script(bin.resolve("git"), "echo ran >> " + marker + "\necho 'git version 2.39.5 (Apple Git-154)'\n");
    Path recording = work.resolve("recording");
    Outcome recorded = Exec.run(TtdRun.withEnv(TtdRun.recordCommand(jvm, recording, List.of(),
        Sample.GIT_FEATURE_CHECK.classPath(), Sample.GIT_FEATURE_CHECK.mainClass(), List.of()),
        "PATH=" + bin + ":/usr/bin:/bin"), work);
    assertEquals(1, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("git said \"git version 2.39.5 (Apple Git-154)\" and exited with 0"), recorded.describe());
    assertTrue(recorded.stderr().contains("NumberFormatException"), recorded.describe());
    assertTrue(Files.exists(marker), "the recording ran git");

    Files.delete(marker);
    Outcome replayed = replayWithout(jvm, recording, work);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of GitFeatureCheck without git");
    assertFalse(Files.exists(marker), "the replay ran git");
  }

  private static final String TALKER =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.nio.charset.StandardCharsets;",
          "public class Talker {",
          "  public static void main(String[] args) throws Exception {",
          "    Process p = new ProcessBuilder(\"sh\", \"-c\", \"read line; echo \\\"got $line\\\"; echo oops >&2; exit 7\").start();",
          "    try (Writer w = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8)) { w.write(\"hello child\\n\"); }",
          "    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();",
          "    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).trim();",
          "    System.out.println(\"out=\" + out + \" err=\" + err + \" exit=\" + p.waitFor() + \" alive=\" + p.isAlive() + \" value=\" + p.exitValue());",
          "    try { new ProcessBuilder(\"no-such-program-ttd\").start(); } catch (IOException e) { System.out.println(\"missing: \" + e.getMessage().contains(\"no-such-program-ttd\")); }",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aChildsStdoutStderrAndExitCodeReplayAndItsStdinIsCompared(Jvm jvm) throws Exception {
    Path work = Scratch.dir("talker-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Talker", TALKER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Talker");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("out=got hello child err=oops exit=7 alive=false value=7"), recorded.describe());
    assertTrue(recorded.stdout().contains("missing: true"), recorded.describe());

    Outcome replayed = replayWithout(jvm, recording, work);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Talker without sh");
  }

  private static final String INHERITOR =
      String.join(
          "\n",
          "public class Inheritor {",
          "  public static void main(String[] args) throws Exception {",
          "    int exit = new ProcessBuilder(\"sh\", \"-c\", \"echo from-the-child\").redirectOutput(ProcessBuilder.Redirect.INHERIT).start().waitFor();",
          "    System.out.println(\"child exited with \" + exit);",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aChildThatInheritsStdoutIsNamedWhileRecordingAndItsOutputIsNotClaimedByTheReplay(Jvm jvm)
      throws Exception {
    Path work = Scratch.dir("inheritor-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Inheritor", INHERITOR);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Inheritor");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("from-the-child"), recorded.describe());
    assertTrue(recorded.stderr().contains("with its stdout inherited: what it prints there is not recorded"),
        recorded.describe());
    assertFalse(recorded.stderr().contains("stderr inherited"), "only inherited streams are named: " + recorded.describe());

    Outcome replayed = replayWithout(jvm, recording, work);
    assertEquals(0, replayed.exitStatus(), replayed.describe());
    assertEquals("child exited with 0", replayed.stdout().trim(), replayed.describe());
  }

  private static final String POLLER =
      String.join(
          "\n",
          "public class Poller {",
          "  public static void main(String[] args) throws Exception {",
          "    long polls = 0;",
          "    for (int i = 0; i < 30; i++) {",
          "      Process p = new ProcessBuilder(\"sh\", \"-c\", \"exit \" + (i % 5)).start();",
          "      while (p.isAlive()) {",
          "        polls++;",
          "      }",
          "      System.out.println(\"child \" + i + \" exited with \" + p.waitFor());",
          "    }",
          "    System.out.println(\"polled: \" + (polls > 0));",
          "  }",
          "}",
          "");

  /**
   * On JDK 21+ {@code isAlive} takes the lock the JDK's reaper takes as the child ends: polling it
   * makes the program wait for the reaper's hold now and then, which a replay (no reaper) never does.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aProgramPollingItsChildrensLivenessReplaysThoughTheReaperHeldTheirLocks(Jvm jvm) throws Exception {
    Path work = Scratch.dir("poller-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Poller", POLLER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Poller");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("child 29 exited with 4"), recorded.describe());

    Outcome replayed = replayWithout(jvm, recording, work);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Poller without sh");
  }

  private static final String LISTER =
      String.join(
          "\n",
          "import java.util.*;",
          "import java.util.stream.*;",
          "public class Lister {",
          "  public static void main(String[] args) throws Exception {",
          "    List<Process> kids = new ArrayList<>();",
          "    for (int i = 0; i < 2; i++) kids.add(new ProcessBuilder(\"sleep\", \"30\").start());",
          "    Set<Long> started = kids.stream().map(Process::pid).collect(Collectors.toCollection(TreeSet::new));",
          "    Set<Long> children = ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toCollection(TreeSet::new));",
          "    Set<Long> descendants = ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toCollection(TreeSet::new));",
          "    List<Long> all = ProcessHandle.allProcesses().map(ProcessHandle::pid).collect(Collectors.toList());",
          "    System.out.println(\"children \" + children + \" same \" + children.equals(started));",
          "    System.out.println(\"descendants \" + descendants + \" same \" + descendants.equals(started));",
          "    System.out.println(\"all \" + all + \" hold them \" + all.containsAll(started) + \" and me \" + all.contains(ProcessHandle.current().pid()));",
          "    System.out.println(\"commands \" + ProcessHandle.current().children().map(p -> p.info().command().orElse(\"?\")).sorted().collect(Collectors.toList()));",
          "    for (Process p : kids) { p.destroy(); p.waitFor(); }",
          "    System.out.println(\"left \" + ProcessHandle.current().children().count());",
          "  }",
          "}",
          "");

  /**
   * The children a replay lists are the recorded ones, which it never started: listings come from
   * the log, not from {@code /proc} (where the replay has no such children, and other processes).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void childrenDescendantsAndAllProcessesReplayAsRecordedThoughNoChildRunsInTheReplay(Jvm jvm)
      throws Exception {
    Path work = Scratch.dir("lister-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Lister", LISTER);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Lister");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    String out = recorded.stdout();
    assertTrue(out.contains("] same true\ndescendants [") && out.contains("] same true\nall ["), recorded.describe());
    assertTrue(out.contains(" hold them true and me true"), recorded.describe());
    assertTrue(out.contains("commands [/usr/bin/sleep, /usr/bin/sleep]") || out.contains("commands [/bin/sleep, /bin/sleep]"),
        recorded.describe());
    assertTrue(out.contains("left 0"), recorded.describe());

    Outcome replayed = replayWithout(jvm, recording, work);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Lister without sleep");
  }

  /** Replays with a PATH that holds no program at all. */
  private static Outcome replayWithout(Jvm jvm, Path recording, Path dir) {
    return TtdRun.replay(jvm, recording, dir, "PATH=" + dir.resolve("empty"));
  }

  private static void script(Path file, String body) throws Exception {
    Files.writeString(file, "#!/bin/sh\n" + body, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
