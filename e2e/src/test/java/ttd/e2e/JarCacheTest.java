package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 13, case 2: ttd.jar's cache cannot be taken over. Another user who keeps swapping a link to
 * a directory of its own in and out of the cache's name while ttd starts (its first run, each time)
 * never gets ttd to run its classes, nor to change its directory: every start either makes and
 * uses a cache of its own or refuses in one line. A link the user made, and a copy that changed
 * after it was verified, are never followed nor loaded.
 */
class JarCacheTest {

  private static final int STARTS = 8;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void anotherUserRacingLinksIntoTheCachesNameNeverGetsItsClassesRunOrItsDirectoryChanged(Jvm jvm) throws Exception {
    OtherUser.require();
    Path work = OtherUser.sharedDir("cache-race-" + jvm.label());
    Path tmp = OtherUser.stickyTmp(work);
    Path jar = Files.copy(TtdRun.jar(), work.resolve("ttd.jar"), StandardCopyOption.COPY_ATTRIBUTES);
    Path attack = tmp.resolve("attack");
    assertEquals(0, OtherUser.run(work, List.of("mkdir", "-m", "777", attack.toString())).exitStatus());
    for (String lib : ReplayNeverRunsLiveTest.nestedLibraries(jar)) {
      assertEquals(0, OtherUser.run(work, List.of("sh", "-c", "echo not a jar > " + attack.resolve(lib))).exitStatus());
    }
    List<String> attackBefore = listing(attack);
    Path name = tmp.resolve("ttd-0");
    Exec racer = OtherUser.start(work, List.of("sh", "-c",
        "while :; do ln -s " + attack + " " + name + " 2>/dev/null; rm -f " + name + " 2>/dev/null; done"));
    try {
      for (int i = 0; i < STARTS; i++) {
        // every start is a first start, racing the link (which may be back before ttd starts)
        Exec.run(List.of("rm", "-rf", name.toString()), work);
        Outcome started = Exec.run(List.of("env", "TMPDIR=" + tmp, jvm.java(), "-jar", jar.toString(), "help"), work);
        String context = " (start " + (i + 1) + "):" + started.describe();
        if (started.exitStatus() == 0) {
          assertTrue(started.stdout().startsWith("usage: java -jar ttd.jar"), context);
          assertTrue(Files.isDirectory(name, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(name), context);
          assertEquals("root", Files.getOwner(name, LinkOption.NOFOLLOW_LINKS).getName(), context);
        } else {
          // a link met when opening the name, or (rarely) a name that vanished at every attempt to make it
          assertEquals(2, started.exitStatus(), context);
          assertEquals(1, started.stderrLines().size(), context);
          String line = started.stderrLines().get(0);
          assertTrue(line.equals("ttd: cannot unpack ttd.jar's libraries: " + name + " is not a directory of yours"
              + " (it is a link or a file); remove it, or set TMPDIR to a directory of your own")
              || line.equals("ttd: cannot unpack ttd.jar's libraries: " + name + " keeps appearing and vanishing as ttd"
              + " creates it; another user may be interfering: set TMPDIR to a directory of your own"), context);
        }
      }
    } finally {
      // runuser's shell loop outlives a SIGKILL of runuser alone
      ProcessHandle.of(racer.pid()).ifPresent(p -> p.descendants().forEach(ProcessHandle::destroyForcibly));
      racer.killForcibly();
    }
    assertEquals(attackBefore, listing(attack), "the attacker's directory was changed");
    assertEquals("rwxrwxrwx", PosixFilePermissions.toString(Files.getPosixFilePermissions(attack)), "and its mode");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aLinkUnderTheCachesNameIsRefusedAndItsTargetLeftAlone(Jvm jvm) throws IOException {
    Path work = Scratch.dir("cache-link-" + jvm.label());
    Path tmp = Files.createDirectory(work.resolve("tmp"));
    Path target = Files.createDirectory(work.resolve("target"));
    Path name = tmp.resolve("ttd-" + Files.getAttribute(tmp, "unix:uid"));
    Files.createSymbolicLink(name, target);
    String modeBefore = PosixFilePermissions.toString(Files.getPosixFilePermissions(target));
    Outcome started = Exec.run(List.of("env", "TMPDIR=" + tmp, jvm.java(), "-jar", TtdRun.jar().toString(), "help"), work);
    assertEquals(2, started.exitStatus(), started.describe());
    assertEquals(1, started.stderrLines().size(), started.describe());
    assertTrue(started.stderrLines().get(0).contains(name + " is not a directory of yours (it is a link or a file)"), started.describe());
    assertEquals(List.of(), listing(target), "the link was followed");
    assertEquals(modeBefore, PosixFilePermissions.toString(Files.getPosixFilePermissions(target)), "the link's target was chmod'ed");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aJarChangedInTheCacheIsReplacedBeforeAnythingLoadsIt(Jvm jvm) throws IOException {
    Path work = Scratch.dir("cache-changed-" + jvm.label());
    Path tmp = Files.createDirectory(work.resolve("tmp"));
    List<String> help = List.of("env", "TMPDIR=" + tmp, jvm.java(), "-jar", TtdRun.jar().toString(), "help");
    assertEquals(0, Exec.run(help, work).exitStatus());
    Path copy;
    try (Stream<Path> dirs = Files.list(tmp.resolve("ttd-" + Files.getAttribute(tmp, "unix:uid")))) {
      copy = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    Path cli;
    try (Stream<Path> jars = Files.list(copy)) {
      cli = jars.filter(p -> p.getFileName().toString().startsWith("ttd-cli-")).findFirst().orElseThrow();
    }
    byte[] original = Files.readAllBytes(cli);
    Files.write(cli, new byte[] {'P', 'K', 3, 4}); // no longer ttd's: a class loader would fail on it
    Outcome again = Exec.run(help, work);
    assertEquals(0, again.exitStatus(), again.describe());
    assertTrue(again.stdout().startsWith("usage: java -jar ttd.jar"), again.describe());
    assertTrue(java.util.Arrays.equals(original, Files.readAllBytes(cli)), "the changed jar was not replaced");
  }

  private static List<String> listing(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }
}
