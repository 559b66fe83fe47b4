package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Virtual threads (JDK 21+) are not scheduled yet: a program that starts one is told so once,
 * goes on unrecorded to its normal end (no hang, no crash), and its recording is incomplete.
 */
class VirtualThreadsTest {

  /** Starts virtual threads through reflection, so that it compiles for release 17. */
  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.lang.reflect.Method;",
          "public class VirtualGreeter {",
          "  public static void main(String[] args) throws Exception {",
          "    System.out.println(\"before\");",
          "    Object builder = Thread.class.getMethod(\"ofVirtual\").invoke(null);",
          "    Method start = Class.forName(\"java.lang.Thread$Builder\").getMethod(\"start\", Runnable.class);",
          "    Thread t = (Thread) start.invoke(builder, (Runnable) () -> System.out.println(\"hello from a virtual thread\"));",
          "    t.join();",
          "    System.out.println(\"after\");",
          "  }",
          "}");

  @TestFactory
  List<DynamicTest> aProgramStartingVirtualThreadsIsToldAndRunsToItsEnd() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      if (Integer.parseInt(jvm.label().replaceAll("\\D", "")) >= 21) {
        tests.add(dynamicTest("virtual threads stop the recording with a message on " + jvm.label(),
            () -> recordingStopsWithAMessage(jvm)));
      }
    }
    return tests;
  }

  private static void recordingStopsWithAMessage(Jvm jvm) {
    Path work = Scratch.dir("virtual-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "VirtualGreeter", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "VirtualGreeter");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(List.of("before", "hello from a virtual thread", "after"), recorded.stdoutLines());
    assertTrue(recorded.stderr().contains("the program starts a virtual thread, which ttd cannot record yet"),
        recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, recording);
    assertEquals(87, replayed.exitStatus(), "a replay of an incomplete recording:" + replayed.describe());
    assertEquals(List.of("before"), replayed.stdoutLines());
  }
}
