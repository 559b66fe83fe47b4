package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two threads taking turns on a {@code Condition} with {@code awaitUninterruptibly} while the heap
 * churns record and replay. The JDK's {@code ConditionObject}, rewritten by ttd when retransformed,
 * declared too small a stack for that method on JDK 17 (ASM's computation without the class's
 * stack map frames, {@code instrument.MaxStacks}), and the recorded JVM died with "Illegal class
 * file encountered" when a garbage collection computed the oop map of a thread waiting in it.
 */
class ConditionAwaitReplayTest {

  private static final String TURNS = String.join("\n",
      "import java.util.concurrent.locks.*;",
      "public class Turns {",
      "  static final ReentrantLock lock = new ReentrantLock();",
      "  static final Condition turned = lock.newCondition();",
      "  static int turn;",
      "  static void take(int parity) {",
      "    lock.lock();",
      "    try {",
      "      while (turn % 2 != parity) turned.awaitUninterruptibly();",
      "      turn++;",
      "      turned.signalAll();",
      "    } finally {",
      "      lock.unlock();",
      "    }",
      "  }",
      "  public static void main(String[] args) throws Exception {",
      "    Thread other = new Thread(() -> { for (int i = 0; i < 1500; i++) take(1); });",
      "    other.start();",
      "    long kept = 0;",
      "    for (int i = 0; i < 1500; i++) {",
      "      take(0);",
      "      byte[][] churn = new byte[100][];",
      "      for (int j = 0; j < churn.length; j++) churn[j] = new byte[10_000];",
      "      kept += churn[i % 100].length;",
      "      if (i % 100 == 0) System.gc();",
      "    }",
      "    other.join();",
      "    System.out.println(\"turns \" + turn + \", kept \" + kept + \" at \" + System.nanoTime() % 1000);",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void threadsTakingTurnsOnAConditionWhileTheHeapChurnsRecordAndReplay(Jvm jvm) {
    Path work = Scratch.dir("condition-await-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Turns", TURNS);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Turns");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("turns 3000, kept 15000000 at "), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of the turns");
  }
}
