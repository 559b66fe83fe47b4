package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The first recording made with a ttd.jar, the one that unpacks its libraries, replays like any
 * other. HotSpot hashes a class as it links it; the unpack linked JDK classes (file output, jar
 * inflation, {@code byte[]} views) that a run finding the copy did not, from another thread's hash
 * state, and main linked the rest at other draws, so the first recording gave {@code
 * FileNotFoundException} (JDK 17) and {@code byte[].class} (JDK 25) other identity hashes than its
 * replay, which found the copy. Here each recording has a temporary directory of its own, so it is
 * the first run of its ttd.jar; its replay, in the same directory, finds the copy.
 *
 * <p>The first recording also rewrites the JDK classes the agent's start retransforms, with ASM,
 * and keeps them in the start's class pack, from which its replay and every later run take them
 * without running ASM: the classes ASM links (its exceptions, {@code AbstractSet}) must come out
 * with the same hashes in both, and so must the objects main hashes after them.
 */
class FirstRecordingAfterUnpackReplayTest {

  private static final String PROGRAM = """
      import java.util.*;
      public class ClassHashes {
        public static void main(String[] args) {
          StringBuilder hashes = new StringBuilder("class hashes");
          for (Class<?> c : List.of(byte[].class, int[].class, java.nio.ByteBuffer.class, ClassValue.class,
              java.io.FileNotFoundException.class, java.io.FileOutputStream.class, String.class, Object.class,
              AbstractSet.class, ListIterator.class, NoSuchElementException.class, AssertionError.class,
              IndexOutOfBoundsException.class, Deprecated.class)) {
            hashes.append(' ').append(c.getSimpleName()).append('=').append(System.identityHashCode(c));
          }
          hashes.append(" objects=").append(new Object().hashCode()).append(',').append(new Object().hashCode());
          System.out.println(hashes);
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theFirstRecordingOfATtdJarReplaysTheJdksClassHashes(Jvm jvm) throws Exception {
    Path work = Scratch.dir("first-recording-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "ClassHashes", PROGRAM);
    Path tmp = Files.createDirectories(work.resolve("tmp"));
    Path recording = work.resolve("recording");
    Outcome recorded = Exec.run(TtdRun.withEnv(
        TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(), "ClassHashes", List.of()), "TMPDIR=" + tmp), work);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("class hashes byte[]="), recorded.describe());
    try (Stream<Path> made = Files.list(tmp)) {
      assertTrue(made.anyMatch(p -> p.getFileName().toString().startsWith("ttd-")),
          "the recording unpacked ttd.jar's libraries into its own temporary directory");
    }
    try (Stream<Path> made = Files.walk(tmp)) {
      assertTrue(made.anyMatch(p -> p.getFileName().toString().startsWith("start-")),
          "the recording kept its start's rewrites in a pack");
    }
    Outcome replayed = TtdRun.replay(jvm, recording, work, "TMPDIR=" + tmp);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of the first recording");
  }
}
