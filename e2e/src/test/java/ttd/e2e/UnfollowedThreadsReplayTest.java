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
 * A thread ttd does not follow (one the program put in the JDK's system thread group, as the JDK's
 * own threads are) writes files, makes a directory, connects a socket and starts a process while
 * recording; in the replay none of it reaches the world: each call fails with ttd's sentence and
 * no file appears.
 */
class UnfollowedThreadsReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.net.*;",
          "import java.nio.file.*;",
          "public class SystemGroupWork {",
          "  interface Action { void run() throws Exception; }",
          "  static void attempt(String name, Action a) {",
          "    try { a.run(); System.out.println(name + \": done\"); }",
          "    catch (Exception e) { System.out.println(name + \": \" + e.getMessage()); }",
          "  }",
          "  public static void main(String[] args) throws Exception {",
          "    String base = args[0];",
          "    ThreadGroup root = Thread.currentThread().getThreadGroup();",
          "    while (root.getParent() != null) root = root.getParent();",
          "    Thread t = new Thread(root, () -> {",
          "      attempt(\"nio\", () -> Files.writeString(Paths.get(base + \".nio\"), \"nio\\n\"));",
          "      attempt(\"io\", () -> { try (FileOutputStream o = new FileOutputStream(base + \".io\")) { o.write(1); } });",
          "      attempt(\"mkdir\", () -> Files.createDirectory(Paths.get(base + \".dir\")));",
          "      attempt(\"connect\", () -> { try (Socket s = new Socket()) { s.connect(new InetSocketAddress(\"127.0.0.1\", 9)); } });",
          "      attempt(\"process\", () -> new ProcessBuilder(\"/bin/sh\", \"-c\", \"echo ran > \" + base + \".sh\").start().waitFor());",
          "    }, \"system-group-worker\");",
          "    t.start();",
          "    t.join();",
          "    System.out.println(\"main done\");",
          "  }",
          "}",
          "");

  private static final List<String> SUFFIXES = List.of(".nio", ".io", ".dir", ".sh");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aThreadTtdDoesNotFollowChangesNothingInAReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("unfollowed-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "SystemGroupWork", PROGRAM);
    Path base = work.resolve("made");
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "SystemGroupWork", base.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    for (String suffix : SUFFIXES) {
      Path made = Path.of(base + suffix);
      assertTrue(Files.exists(made), "the recording made " + made + recorded.describe());
      Files.delete(made);
    }

    Outcome replayed = TtdRun.replay(jvm, recording);
    assertEquals(0, replayed.exitStatus(), replayed.describe());
    String sentence = "ttd: a replay changes nothing for a thread ttd does not follow; it would ";
    List<String> out = replayed.stdoutLines();
    assertTrue(out.contains("nio: " + sentence + "open a file to write"), replayed.describe());
    assertTrue(out.contains("io: " + sentence + "write to " + base + ".io"), replayed.describe());
    assertTrue(out.contains("mkdir: " + sentence + "change the file system"), replayed.describe());
    assertTrue(out.contains("connect: " + sentence + "use the network"), replayed.describe());
    assertTrue(out.contains("process: Cannot run program \"/bin/sh\": " + sentence + "start /bin/sh"), replayed.describe());
    for (String suffix : SUFFIXES) {
      assertFalse(Files.exists(Path.of(base + suffix)), "the replay made " + base + suffix + replayed.describe());
    }
  }
}
