package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program's identity hashes after its first use of a JDK class that ttd's own code names replay
 * as recorded. The recording's network codec writes each socket call's payload through a {@code
 * DataOutputStream}, so the first socket call linked that class inside the hook; HotSpot hashes a
 * class's mirror as it links it. The replay reads payloads and never made one, so the program's own
 * first {@code DataOutputStream} linked the class on main and drew one hash more there: a Hazelcast
 * member's metrics compressor, and then its maps keyed by identity, on JDK 17 and 25. ttd now loads
 * every JDK class its code names at start-up in both modes ({@code NamedJdkClasses}).
 */
class JdkClassesTtdNamesHashesReplayTest {

  private static final String PROGRAM = """
      import java.io.*;
      import java.net.*;
      import java.nio.channels.*;
      public class FirstDataOutput {
        public static void main(String[] args) throws Exception {
          try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
          }
          DataOutputStream out = new DataOutputStream(new ByteArrayOutputStream());
          out.writeInt(1);
          StringBuilder hashes = new StringBuilder("hashes");
          for (int i = 0; i < 3; i++) {
            hashes.append(' ').append(new Object().hashCode());
          }
          System.out.println(hashes);
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void identityHashesAfterTheProgramsFirstDataOutputStreamAfterASocketReplay(Jvm jvm) {
    Path work = Scratch.dir("jdk-classes-ttd-names-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "FirstDataOutput", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "FirstDataOutput");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("hashes "), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of FirstDataOutput on " + jvm);
  }
}
