package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 13, case 1: a replay never runs the program for real. A replay JVM whose agent cannot
 * start (its private cache is a link or another user's directory) stops before the program's main
 * with one line and status 2, and {@code ttd replay}, which unpacks into the same cache first,
 * refuses in one line before it starts one; the program's file gets no new line. Root replaying another user's recording uses root's own cache, never one that user made,
 * and replays without touching the world.
 */
class ReplayNeverRunsLiveTest {

  static final String APPENDER =
      String.join(
          "\n",
          "import java.nio.file.*;",
          "public class Appender {",
          "  public static void main(String[] args) throws Exception {",
          "    Files.writeString(Paths.get(args[0]), \"line \" + System.currentTimeMillis() + \"\\n\",",
          "        StandardOpenOption.CREATE, StandardOpenOption.APPEND);",
          "    System.out.println(\"appended\");",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aReplayJvmWhoseAgentCannotStartStopsBeforeMainWithOneLine(Jvm jvm) throws IOException {
    Path work = Scratch.dir("agent-cannot-start-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Appender", APPENDER);
    Path log = work.resolve("appended.txt");
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Appender", log.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    String before = Files.readString(log);

    // a replay JVM started by hand (as the launchers start theirs) finds a link where its cache belongs
    Path tmp = Files.createDirectory(work.resolve("tmp"));
    Path cache = tmp.resolve("ttd-" + Files.getAttribute(tmp, "unix:uid"));
    Files.createSymbolicLink(cache, Files.createDirectory(work.resolve("elsewhere")));
    Outcome replayed = Exec.run(List.of("env", "TMPDIR=" + tmp, jvm.java(),
        "-javaagent:" + TtdRun.jar() + "=replay=" + recording, "-cp", classes.toString(), "Appender", log.toString()), work);
    String context = replayed.describe();
    assertEquals(2, replayed.exitStatus(), context);
    assertEquals(1, replayed.stderrLines().size(), "one line" + context);
    assertTrue(replayed.stderrLines().get(0).startsWith("ttd: "), context);
    assertTrue(replayed.stderrLines().get(0).contains(cache + " is not a directory of yours (it is a link or a file)"), context);
    assertEquals("", replayed.stdout(), "nothing of the program ran" + context);
    assertEquals(before, Files.readString(log), "the replay appended to the program's file");

    // ttd replay, which unpacks into the same cache, refuses before it starts a replay JVM
    Outcome launched = TtdRun.replay(jvm, recording, work, "TMPDIR=" + tmp);
    assertEquals(2, launched.exitStatus(), launched.describe());
    assertEquals(List.of("ttd: cannot unpack ttd.jar's libraries: " + cache + " is not a directory of yours (it is a"
        + " link or a file); remove it, or set TMPDIR to a directory of your own"), launched.stderrLines(), launched.describe());
    assertEquals(before, Files.readString(log), "the replay appended to the program's file");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aCacheThatAnotherUserMadeUnderRootsNumberIsRefusedAndNothingRuns(Jvm jvm) throws IOException {
    OtherUser.require();
    Path work = OtherUser.sharedDir("cache-of-another-user-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Appender", APPENDER);
    Path tmp = OtherUser.stickyTmp(work);
    Path log = work.resolve("appended.txt");
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Appender", log.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    String before = Files.readString(log);

    Path rootsCache = tmp.resolve("ttd-0"); // the other user gets to root's name first
    Outcome planted = OtherUser.run(work, List.of("mkdir", "-m", "777", rootsCache.toString()));
    assertEquals(0, planted.exitStatus(), planted.describe());
    String refusal = rootsCache + " belongs to another user (" + OtherUser.NAME + "); remove it, or set TMPDIR to a"
        + " directory of your own";
    Outcome replayed = TtdRun.replay(jvm, recording, work, "TMPDIR=" + tmp);
    assertEquals(2, replayed.exitStatus(), replayed.describe());
    assertEquals(List.of("ttd: cannot unpack ttd.jar's libraries: " + refusal), replayed.stderrLines(), replayed.describe());
    Outcome byHand = Exec.run(List.of("env", "TMPDIR=" + tmp, jvm.java(),
        "-javaagent:" + TtdRun.jar() + "=replay=" + recording, "-cp", classes.toString(), "Appender", log.toString()), work);
    assertEquals(2, byHand.exitStatus(), byHand.describe());
    assertEquals(1, byHand.stderrLines().size(), byHand.describe());
    assertTrue(byHand.stderrLines().get(0).startsWith("ttd: ") && byHand.stderrLines().get(0).contains(refusal), byHand.describe());
    assertEquals("", byHand.stdout(), byHand.describe());
    assertEquals(before, Files.readString(log), "the replay appended to the program's file");
    try (var entries = Files.list(rootsCache)) {
      assertEquals(0, entries.count(), "root wrote into the other user's directory");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void rootReplaysAnotherUsersRecordingWithItsOwnCacheAndTouchesNothing(Jvm jvm) throws IOException {
    OtherUser.require();
    Path work = OtherUser.sharedDir("another-users-recording-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Appender", APPENDER);
    Path jar = Files.copy(TtdRun.jar(), work.resolve("ttd.jar"), StandardCopyOption.COPY_ATTRIBUTES);
    Path tmp = OtherUser.stickyTmp(work);
    Path home = work.resolve("home");
    Files.createDirectory(home);
    assertEquals(0, Exec.run(List.of("chown", OtherUser.NAME, home.toString()), work).exitStatus());
    Path log = home.resolve("appended.txt");
    Path recording = home.resolve("recording");
    Outcome recorded = OtherUser.run(home, List.of("env", "TMPDIR=" + tmp,
        jvm.java(), "-javaagent:" + jar + "=out=" + recording + ",quiet", "-cp", classes.toString(), "Appender", log.toString()));
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    String before = Files.readString(log);

    // the other user plants a cache under its own name, where ttd used to look for the recording's user.name
    Path planted = tmp.resolve("ttd-" + OtherUser.NAME).resolve(cacheId(jar));
    assertEquals(0, OtherUser.run(home, List.of("mkdir", "-p", planted.toString())).exitStatus());
    for (String lib : nestedLibraries(jar)) {
      assertEquals(0, OtherUser.run(home, List.of("sh", "-c", "echo planted > " + planted.resolve(lib))).exitStatus());
    }

    Outcome replayed = Exec.run(TtdRun.withEnv(List.of(jvm.java(), "-jar", jar.toString(), "replay",
        recording.toString()), "TMPDIR=" + tmp), work);
    ReplayAssertions.assertSameOutput(recorded, replayed, "root's replay of " + OtherUser.NAME + "'s recording on " + jvm);
    assertEquals(before, Files.readString(log), "the replay appended to the program's file");
    Path rootsCache = tmp.resolve("ttd-0");
    assertTrue(Files.isDirectory(rootsCache, java.nio.file.LinkOption.NOFOLLOW_LINKS), "root's own cache, by number");
    assertEquals("root", Files.getOwner(rootsCache).getName());
    for (String lib : nestedLibraries(jar)) {
      assertEquals("planted\n", Files.readString(planted.resolve(lib)), "the planted file was touched");
    }
  }

  /** The name ttd.jar's launcher gives its copy: size, modification time and path hash, in hex. */
  static String cacheId(Path jar) throws IOException {
    return Long.toHexString(Files.size(jar)) + "-" + Long.toHexString(Files.getLastModifiedTime(jar).toMillis())
        + "-" + Integer.toHexString(jar.toAbsolutePath().toString().hashCode());
  }

  static List<String> nestedLibraries(Path jar) throws IOException {
    List<String> names = new ArrayList<>();
    try (java.util.jar.JarFile jf = new java.util.jar.JarFile(jar.toFile())) {
      jf.stream().map(e -> e.getName())
          .filter(n -> n.startsWith("META-INF/ttd/lib/") && n.endsWith(".jar"))
          .forEach(n -> names.add(n.substring("META-INF/ttd/lib/".length())));
    }
    return names;
  }
}
