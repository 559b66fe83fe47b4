package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every JDK class a recorded JVM has loaded by the time its program starts has the same identity
 * hash in the replay as recorded, also when the recording is the first run of its ttd.jar (no
 * caches, no start's class pack) and the replay finds them. HotSpot hashes a class as it links it,
 * from the linking thread's state; one mode's start-up linked {@code BufferedReader}, {@code
 * FileLock}, {@code Base64} and 15 more (Chronicle's appender or tailers, the management beans)
 * where the other's linked them later, so those 18 classes had other hashes in every replay, on
 * JDK 17 and 25. The names come from {@code -Xlog:class+load} of an earlier recorded hello world
 * (about 1 800 classes); the program prints each boot class's hash.
 */
class StartupClassHashesReplayTest {

  private static final String HELLO = """
      public class Hello {
        public static void main(String[] args) {
          System.out.println("hello " + System.nanoTime());
        }
      }
      """;

  private static final String PROGRAM = """
      import java.nio.file.*;
      public class ClassHashes {
        public static void main(String[] args) throws Exception {
          for (String name : Files.readAllLines(Path.of(args[0]))) {
            try {
              Class<?> c = Class.forName(name, false, null);
              System.out.println(name + " " + System.identityHashCode(c));
            } catch (ClassNotFoundException notTheBootLoaders) {
              System.out.println(name + " -");
            }
          }
        }
      }
      """;

  private static final Pattern LOADED = Pattern.compile("\\] (\\S+) source: (?:jrt:|shared objects file)");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theJdkClassesLoadedBeforeTheProgramHashAsRecorded(Jvm jvm) throws Exception {
    Path work = Scratch.dir("startup-class-hashes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Hello", HELLO);
    JavaSource.compile(classes, "ClassHashes", PROGRAM);

    Path log = work.resolve("class-load.txt");
    Outcome learnt = Exec.run(TtdRun.withEnv(TtdRun.recordCommand(jvm, work.resolve("hello"), List.of(),
        List.of("-Xlog:class+load=info:file=" + log), classes.toString(), "Hello", List.of()),
        "TMPDIR=" + Files.createDirectories(work.resolve("tmp-learn"))), work);
    assertEquals(0, learnt.exitStatus(), learnt.describe());
    TreeSet<String> names = new TreeSet<>();
    for (String line : Files.readAllLines(log)) {
      Matcher m = LOADED.matcher(line);
      if (m.find() && !m.group(1).contains("$$Lambda") && !m.group(1).contains("/0x")
          && !m.group(1).contains("LambdaForm$")) {
        names.add(m.group(1));
      }
    }
    assertTrue(names.size() > 1000, "the recorded hello world loaded " + names.size() + " JDK classes");
    Path list = Files.write(work.resolve("names.txt"), names);

    Path tmp = Files.createDirectories(work.resolve("tmp"));
    Path recording = work.resolve("recording");
    Outcome recorded = Exec.run(TtdRun.withEnv(TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(),
        "ClassHashes", List.of(list.toString())), "TMPDIR=" + tmp), work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(names.size(), recorded.stdout().lines().count(), recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, recording, work, "TMPDIR=" + tmp);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of the first recording of ClassHashes");
  }
}
