package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Identity hashes replay after the program makes a lambda whose method-handle form only the
 * recording agent had needed before. The JDK spins a {@code LambdaForm} class once per shape of
 * call, on whichever thread first needs it, and HotSpot hashes a class as it links it, from that
 * thread's sequence. The recording agent's own lambda over the environment (made when the program
 * first reads it) needed the form of a private instance method taking three references, so the
 * program's lambda of that shape spun it in the replay only, and every later identity hash of main
 * differed (Spring Boot's start-up left its recorded path there, on JDK 17 and 25). A class the
 * JDK spins for itself is now defined on a hash state of its own.
 */
class JdkSpunClassesReplayTest {

  private static final String PROGRAM = """
      import java.util.*;
      public class EnvLambdas {
        private final Map<String, String> tags = new LinkedHashMap<>();

        private String tag(String name, String value) {
          return name.length() + ":" + value.length();
        }

        void collect(Map<String, String> from) {
          Map<String, String> kept = new TreeMap<>();
          from.forEach((k, v) -> kept.put(k, tag(k, v)));
          tags.putAll(kept);
        }

        public static void main(String[] args) {
          System.out.println("variables " + !System.getenv().isEmpty());
          EnvLambdas e = new EnvLambdas();
          e.collect(Map.of("alpha", "1", "beta", "22"));
          StringBuilder hashes = new StringBuilder("hashes");
          for (int i = 0; i < 4; i++) {
            hashes.append(' ').append(new Object().hashCode());
          }
          System.out.println(e.tags + " " + hashes);
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void identityHashesAfterALambdaFormOnlyTheRecordingAgentHadMadeReplay(Jvm jvm) throws Exception {
    Path work = Scratch.dir("jdk-spun-classes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "EnvLambdas", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "EnvLambdas");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("{alpha=5:1, beta=4:2} hashes "), recorded.describe());
    for (int i = 1; i <= 2; i++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay " + i + " of EnvLambdas");
    }
  }
}
