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
 * The JVM keeps one table of file locks, keyed by each file's device and inode ({@code
 * sun.nio.ch.FileKey}). A replay gives every program file the same {@code /dev/null} stand-in
 * descriptor, so before the keys came from the log every file was one file to that table: a
 * second {@code java.util.logging.FileHandler} found its lock file "already locked" and the replay
 * diverged at its next open (both JDKs). Locks on one file through two channels must still
 * overlap, as recorded.
 */
class FileLockReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.nio.channels.*;",
          "import java.nio.file.*;",
          "import java.util.logging.*;",
          "public class Locks {",
          "  public static void main(String[] args) throws Exception {",
          "    Path dir = Paths.get(args[0]);",
          "    Logger audit = Logger.getLogger(\"audit\");",
          "    Logger app = Logger.getLogger(\"app\");",
          "    audit.setUseParentHandlers(false);",
          "    app.setUseParentHandlers(false);",
          "    FileHandler a = new FileHandler(dir.resolve(\"audit.%u.log\").toString(), 4096, 2, true);",
          "    FileHandler b = new FileHandler(dir.resolve(\"app.%u.log\").toString());",
          "    FileHandler c = new FileHandler(dir.resolve(\"app.%u.log\").toString());",
          "    for (FileHandler h : new FileHandler[] {a, b, c}) h.setFormatter(new SimpleFormatter());",
          "    audit.addHandler(a);",
          "    app.addHandler(b);",
          "    app.addHandler(c);",
          "    for (int i = 0; i < 300; i++) {",
          "      audit.info(\"audit \" + i + \" at \" + System.nanoTime());",
          "      if (i % 10 == 0) app.warning(\"app \" + i);",
          "    }",
          "    a.close(); b.close(); c.close();",
          "    try (FileChannel one = FileChannel.open(dir.resolve(\"one\"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);",
          "        FileChannel two = FileChannel.open(dir.resolve(\"two\"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);",
          "        FileChannel again = FileChannel.open(dir.resolve(\"one\"), StandardOpenOption.WRITE)) {",
          "      FileLock l1 = one.tryLock();",
          "      FileLock l2 = two.tryLock();",
          "      System.out.println(\"two files locked: \" + (l1 != null && l2 != null));",
          "      try { again.tryLock(); System.out.println(\"one file locked twice\"); }",
          "      catch (OverlappingFileLockException e) { System.out.println(\"one file overlaps itself\"); }",
          "    }",
          "    try (var s = Files.list(dir)) {",
          "      s.map(p -> p.getFileName().toString()).sorted().forEach(System.out::println);",
          "    }",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void fileHandlersAndChannelLocksReplayWithTheirOwnFilesKeys(Jvm jvm) throws Exception {
    Path work = Scratch.dir("file-locks-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Locks", PROGRAM);
    Path logs = Files.createDirectories(work.resolve("logs"));
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, List.of(), classes.toString(), "Locks", List.of(logs.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    List<String> lines = recorded.stdout().lines().toList();
    assertTrue(lines.contains("two files locked: true"), recorded.describe());
    assertTrue(lines.contains("one file overlaps itself"), recorded.describe());
    assertTrue(lines.contains("app.0.log") && lines.contains("app.1.log") && lines.contains("audit.0.log.1"),
        "the second handler of app took the next unique number, and audit's log rotated: " + recorded.describe());

    Scratch.deleteTree(logs);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Locks with its files gone");
    assertFalse(Files.exists(logs), "the replay created " + logs);
  }
}
