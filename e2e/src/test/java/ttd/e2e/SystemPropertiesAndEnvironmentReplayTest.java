package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program that walks its system properties and its environment, as Spring Boot's property
 * sources and Log4j's do, walks them in the recorded order in the replay, and finds {@code
 * System.getenv()} the same map at every call, as the JDK returns it. Before: the replay JVM's
 * properties table held the same keys in another order (it is filled from the JVM's command line
 * first), the replayed environment iterated sorted, and each {@code getenv()} was a new map, so
 * Spring Boot's {@code source.getSource() == System.getenv()} test answered otherwise and
 * {@code spring.BootWebApp} left the recorded path.
 */
class SystemPropertiesAndEnvironmentReplayTest {

  private static final String PROGRAM = """
      import java.util.*;
      public class WalksItsSetting {
        public static void main(String[] args) {
          System.setProperty("app.mode", "batch");
          System.out.println("properties " + System.getProperties().keySet());
          System.out.println("names " + System.getProperties().stringPropertyNames());
          System.out.println("environment " + System.getenv().keySet());
          System.out.println("same map " + (System.getenv() == System.getenv()));
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void propertiesAndEnvironmentIterateAsRecorded(Jvm jvm) throws Exception {
    Path work = Scratch.dir("properties-environment-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "WalksItsSetting", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "WalksItsSetting");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("same map true", recorded.stdoutLines().get(3), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of WalksItsSetting");
  }
}
