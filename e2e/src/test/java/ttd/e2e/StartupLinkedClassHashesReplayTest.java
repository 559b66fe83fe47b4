package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JDK classes that ttd's start-up links keep the recorded identity hashes in the replay. HotSpot
 * hashes a class when it links it, from the linking thread's state, and the recording's and the
 * replay's start-ups link JDK classes on main at states that differ (each did other work before):
 * the session's {@code ConcurrentLinkedQueue}, the security provider classes behind {@code
 * SecureRandom}, the time-zone rules provider. A program keying a map by such classes walked other
 * chains in the replay: Groovy's class-node cache, so {@code groovy.ScriptShell} ended at another
 * tick. Each class here differed in every replay on both JDKs before the start-up reseeded its hash
 * state by the name of each class it loads ({@code StartupClassSeeds}).
 */
class StartupLinkedClassHashesReplayTest {

  private static final String PROGRAM = """
      import java.util.*;
      public class StartupLinkedClasses {
        public static void main(String[] args) throws Exception {
          String[] names = {"java.util.concurrent.ConcurrentLinkedQueue",
              "java.util.concurrent.atomic.AtomicReference", "java.util.AbstractMap$SimpleEntry",
              "java.util.AbstractList$Itr", "java.io.Externalizable", "java.security.Provider",
              "java.security.MessageDigest", "java.security.SecureRandomSpi",
              "java.time.zone.ZoneRulesProvider", "java.lang.System$Logger$Level",
              "java.util.regex.Pattern$BnM"};
          List<Class<?>> classes = new ArrayList<>();
          for (String n : names) classes.add(Class.forName(n));
          for (Class<?> c : classes) System.out.println(c.getName() + " " + System.identityHashCode(c));
          System.out.println("set order " + new HashSet<>(classes));
          System.out.println("next hash " + new Object().hashCode());
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void classesTheStartUpLinksHashAsRecordedInTheReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("startup-linked-class-hashes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "StartupLinkedClasses", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "StartupLinkedClasses");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(13, recorded.stdoutLines().size(), recorded.describe());
    for (int replay = 1; replay <= 2; replay++) {
      ReplayAssertions.assertSameOutput(
          recorded, TtdRun.replay(jvm, recording), "replay " + replay + " of StartupLinkedClasses");
    }
  }
}
