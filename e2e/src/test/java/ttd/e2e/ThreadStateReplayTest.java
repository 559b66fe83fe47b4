package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A thread's liveness and state as the program asks for them come from the scheduler's model: a
 * worker that has run to its end is dead and {@code TERMINATED} at once, although its real thread
 * may still be finishing in the JVM, so a program polling {@code isAlive()} sees the same in
 * record and replay.
 */
class ThreadStateReplayTest {

  private static final int ROUNDS = 20;

  private static final String PROGRAM = String.join("\n",
      "public class Finisher {",
      "  public static void main(String[] args) throws Exception {",
      "    StringBuilder seen = new StringBuilder();",
      "    for (int round = 0; round < " + ROUNDS + "; round++) {",
      "      Thread w = new Thread(() -> { }, \"w\" + round);",
      "      seen.append(w.getState()).append(' ');",
      "      w.start();",
      "      int polls = 0;",
      "      while (w.isAlive()) { polls++; Thread.yield(); }",
      "      seen.append(polls).append(' ').append(w.getState()).append('\\n');",
      "    }",
      "    System.out.print(seen);",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aThreadThatRanToItsEndIsDeadAtOnceInRecordAndReplay() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a polled worker is dead and terminated right after its end on " + jvm.label(),
          () -> polledWorkerEnds(jvm)));
    }
    return tests;
  }

  private static void polledWorkerEnds(Jvm jvm) {
    Path work = Scratch.dir("thread-state-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Finisher", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Finisher");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("NEW 1 TERMINATED\n".repeat(ROUNDS), recorded.stdout(),
        "each worker must be seen alive once, then dead and terminated:" + recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of a polled worker on " + jvm);
  }
}
