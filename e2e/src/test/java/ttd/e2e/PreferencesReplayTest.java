package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code java.util.prefs} on Linux locks its directories with lock files and sets their modes
 * through natives of its own ({@code FileSystemPreferences.lockFile0/unlockFile0/chmod}), beside
 * the Java file I/O ttd already captures. They are recorded with their results, and a replay
 * performs none: it creates no lock file and changes no mode. (Before, a replay created the user
 * root's {@code .user.lock.<user>} for real.)
 */
class PreferencesReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.util.prefs.*;",
          "public class Settings {",
          "  public static void main(String[] args) throws Exception {",
          "    Preferences p = Preferences.userRoot().node(\"ttd-settings\");",
          "    for (int i = 0; i < 50; i++) {",
          "      p.putInt(\"runs\", p.getInt(\"runs\", 0) + 1);",
          "      p.putLong(\"at\", System.nanoTime());",
          "      p.flush();",
          "    }",
          "    System.out.println(\"runs \" + p.getInt(\"runs\", -1) + \" keys \" + p.keys().length);",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void lockFilesAndModesOfThePreferencesAreRecordedAndNotMadeByTheReplay(Jvm jvm) throws Exception {
    recordAndReplay(jvm, "preferences-" + jvm.label(), true);
  }

  /**
   * A first run creates the user root's modification file and sets its mode, on JDK 17 from a
   * privileged action nested in {@code FileSystemPreferences}, whose chmod was not recorded: the
   * replay ran it for real, and with the file gone it failed and logged a warning, diverging at
   * the logger's first file query.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aFirstRunThatCreatesTheUserRootsModificationFileReplaysWithItGone(Jvm jvm) throws Exception {
    recordAndReplay(jvm, "preferences-first-" + jvm.label(), false);
  }

  /**
   * Records {@code Settings} (after an earlier run made the user root's modification file, or as
   * the first run), removes every file it made, replays, and checks the replay made none.
   */
  private static void recordAndReplay(Jvm jvm, String name, boolean earlierRun) throws Exception {
    Path work = Scratch.dir(name);
    Path classes = JavaSource.compile(work.resolve("classes"), "Settings", PROGRAM);
    Path home = work.resolve("home");
    Path userRoot = Files.createDirectories(home.resolve(".java/.userPrefs"));
    Path modFile = userRoot.resolve(".userRootModFile." + System.getProperty("user.name"));
    if (earlierRun) {
      Files.createFile(modFile);
    }
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes.toString(), "Settings", List.of(), new byte[0],
        "-Djava.util.prefs.userRoot=" + home);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("runs 50 keys 2\n", recorded.stdout(), recorded.describe());
    assertTrue(Files.exists(userRoot.resolve("ttd-settings/prefs.xml")), "the recorded run wrote its preferences");
    assertTrue(lockFiles(userRoot) > 0, "the recorded run locked the user root");
    assertTrue(Files.exists(modFile), "the recorded run has a modification file");

    try (Stream<Path> all = Files.walk(userRoot)) {
      all.sorted(Comparator.reverseOrder())
          .filter(p -> !p.equals(userRoot) && !(earlierRun && p.equals(modFile)))
          .forEach(p -> p.toFile().delete());
    }
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of the preferences with their files gone");
    assertEquals(0, lockFiles(userRoot), "the replay made a lock file");
    assertFalse(Files.exists(userRoot.resolve("ttd-settings")), "the replay wrote preferences");
    assertEquals(earlierRun, Files.exists(modFile), "the replay made the modification file");
  }

  private static long lockFiles(Path userRoot) throws Exception {
    try (Stream<Path> files = Files.list(userRoot)) {
      return files.filter(p -> p.getFileName().toString().startsWith(".user.lock")).count();
    }
  }
}
