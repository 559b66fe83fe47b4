package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Changes to the file system through {@code java.io.File} and {@code java.nio.file} are recorded
 * and, in replay, answered from the recording without being performed: the program sees what it
 * saw (files created, renamed, copied, deleted), and the directory stays exactly as it was before
 * replay.
 */
class FileSystemChangeReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.nio.file.*;",
          "import java.util.*;",
          "import java.util.stream.*;",
          "public class Tidy {",
          "  public static void main(String[] args) throws Exception {",
          "    File dir = new File(args[0]);",
          "    File made = new File(dir, \"made.txt\");",
          "    System.out.println(\"createNewFile \" + made.createNewFile() + \" again \" + made.createNewFile());",
          "    System.out.println(\"mkdir \" + new File(dir, \"newdir\").mkdir());",
          "    File renamed = new File(dir, \"renamed.txt\");",
          "    System.out.println(\"renameTo \" + made.renameTo(renamed) + \" exists \" + renamed.exists());",
          "    System.out.println(\"setLastModified \" + renamed.setLastModified(1_000_000_000L) + \" \" + renamed.lastModified());",
          "    File tmp = File.createTempFile(\"tidy\", \".tmp\", dir);",
          "    System.out.println(\"temp \" + tmp.getName() + \" exists \" + tmp.exists());",
          "    System.out.println(\"delete old \" + new File(dir, \"old.txt\").delete() + \" again \" + new File(dir, \"old.txt\").delete());",
          "    Path d = dir.toPath();",
          "    Files.createDirectory(d.resolve(\"nio-dir\"));",
          "    Files.write(d.resolve(\"nio-dir/out.txt\"), \"written\\n\".getBytes());",
          "    Files.move(d.resolve(\"nio-dir/out.txt\"), d.resolve(\"moved.txt\"));",
          "    Files.copy(d.resolve(\"moved.txt\"), d.resolve(\"copied.txt\"));",
          "    System.out.println(\"copied \" + Files.readString(d.resolve(\"copied.txt\")).trim());",
          "    Path t = Files.createTempFile(d, \"nio\", \".tmp\");",
          "    System.out.println(\"nio temp \" + t.getFileName() + \" \" + Files.exists(t) + \", moved \" + Files.size(d.resolve(\"moved.txt\")) + \" bytes\");",
          "    Files.delete(d.resolve(\"keep.txt\"));",
          "    try { Files.delete(d.resolve(\"keep.txt\")); } catch (NoSuchFileException e) { System.out.println(\"already gone \" + e.getFile().endsWith(\"keep.txt\")); }",
          "    try (Stream<Path> s = Files.list(d)) { System.out.println(\"now \" + s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList())); }",
          "    System.out.println(\"EXIT-SUCCESS\");",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replaySeesTheRecordedChangesButLeavesTheDirectoryAsItWas(Jvm jvm) throws Exception {
    Path work = Scratch.dir("fs-changes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Tidy", PROGRAM);
    Path dir = work.resolve("tidied");
    reset(dir);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Tidy", dir.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("createNewFile true again false\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("delete old true again false\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("already gone true\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("moved 8 bytes"), recorded.describe());
    assertTrue(recorded.stdout().contains("copied written\n"), recorded.describe());
    assertTrue(names(dir).contains("moved.txt"), "the recorded program moved the file");

    reset(dir);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Tidy");
    assertEquals(List.of("keep.txt", "old.txt"), names(dir), "the replay changed " + dir);
  }

  private static final String COPIES =
      String.join(
          "\n",
          "import java.nio.file.*;",
          "public class Copies {",
          "  public static void main(String[] args) throws Exception {",
          "    Path src = Files.writeString(Path.of(args[0], \"src.txt\"), \"x\".repeat(1000));",
          "    long bytes = 0;",
          "    for (int i = 0; i < 200; i++) {",
          "      Path dst = Path.of(args[0], \"copy\" + (i % 7) + \".txt\");",
          "      Files.copy(src, dst, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);",
          "      bytes += Files.size(dst) + new byte[2000].length;",
          "    }",
          "    System.out.println(\"copied \" + bytes);",
          "  }",
          "}",
          "");

  /**
   * {@code Files.copy} with collections all the time (a young generation of 1 MiB): on JDK 17 the
   * agent once loaded {@code UnixCopyFile} while writing the header, before its transformer was in
   * place, and retransformed it; a collection that met its rewritten {@code copyFile} on a stack
   * then killed the JVM ("Illegal class file encountered ... in method copyFile"), 6 of 6 runs.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void manyCopiesUnderConstantCollectionsRecordAndReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("fs-copies-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Copies", COPIES);
    Path dir = Files.createDirectories(work.resolve("copies"));
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of(), classes.toString(), "Copies", List.of(dir.toString()),
        new byte[0], "-Xmx32m", "-Xmn1m", "-XX:+UseSerialGC");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("copied 600000\n", recorded.stdout(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of Copies");
  }

  private static final String NOTES =
      String.join(
          "\n",
          "import java.nio.file.*;",
          "public class Notes {",
          "  public static void main(String[] args) throws Exception {",
          "    Path notes = Path.of(args[0], \"notes.txt\");",
          "    String before = Files.exists(notes) ? Files.readString(notes) : \"(none)\";",
          "    Files.writeString(notes, before + \"+1\");",
          "    System.out.println(\"notes were \" + before + \", now \" + Files.readString(notes));",
          "  }",
          "}",
          "");

  /**
   * {@code java -cp . App} with its data beside its classes: the class path's class files are the
   * launch's, read for real, but its other files are the program's. Before, every file under a
   * class path directory was left to the real disk, so the replay read today's data and wrote it.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void dataFilesBesideTheClassesAreReplayedAndNeverWritten(Jvm jvm) throws Exception {
    Path work = Scratch.dir("fs-classpath-data-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Notes", NOTES);
    Path notes = Files.writeString(classes.resolve("notes.txt"), "a");
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Notes", classes.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("notes were a, now a+1\n", recorded.stdout(), recorded.describe());

    Files.writeString(notes, "changed since");
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay of Notes");
    assertEquals("changed since", Files.readString(notes), "the replay wrote " + notes);
  }

  private static final String GENERATOR =
      String.join(
          "\n",
          "import java.nio.file.*;",
          "public class Gen {",
          "  public static void main(String[] args) throws Exception {",
          "    Path classPath = Path.of(args[0]);",
          "    Files.copy(Path.of(args[1], \"Plugin.class\"), classPath.resolve(\"Plugin.class\"));",
          "    Object p = Class.forName(\"Plugin\").getConstructor().newInstance();",
          "    System.out.println(\"plugin says \" + p + \" from \" + p.getClass().getClassLoader().getClass().getSimpleName());",
          "    Files.delete(classPath.resolve(\"Old.class\"));",
          "    System.out.println(\"old class gone \" + !Files.exists(classPath.resolve(\"Old.class\")));",
          "  }",
          "}",
          "");

  /**
   * A program that writes a class into its own class path directory and loads it with the
   * application class loader, and deletes another: the class path's class files are the launch's
   * only until the program changes them. Before, those changes were left to the real disk (the
   * replay wrote and deleted class files for real) and the class loader read the file for real.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void classFilesTheProgramWritesIntoItsClassPathAreReplayedAndNeverWritten(Jvm jvm) throws Exception {
    Path work = Scratch.dir("fs-classpath-code-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Gen", GENERATOR);
    JavaSource.compile(classes, "Old", "public class Old {}\n");
    Path stash = JavaSource.compile(work.resolve("stash"), "Plugin",
        "public class Plugin { public String toString() { return \"hello \" + System.nanoTime() % 7; } }\n");
    Path plugin = classes.resolve("Plugin.class");
    Path old = classes.resolve("Old.class");
    byte[] oldBytes = Files.readAllBytes(old);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Gen", classes.toString(), stash.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().matches("plugin says hello [0-6] from AppClassLoader\nold class gone true\n"), recorded.describe());
    assertTrue(Files.exists(plugin) && !Files.exists(old), "the recorded program wrote and deleted");

    Files.delete(plugin);
    Files.write(old, oldBytes);
    Files.delete(stash.resolve("Plugin.class"));
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay of Gen");
    assertFalse(Files.exists(plugin), "the replay wrote " + plugin);
    assertTrue(Files.exists(old), "the replay deleted " + old);
  }

  private static void reset(Path dir) throws Exception {
    if (Files.exists(dir)) {
      try (Stream<Path> all = Files.walk(dir)) {
        all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
    Files.createDirectory(dir);
    Files.writeString(dir.resolve("old.txt"), "old\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("keep.txt"), "keep\n", StandardCharsets.UTF_8);
  }

  private static List<String> names(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }
}
