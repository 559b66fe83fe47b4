package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * ttd's own work on a program thread whose interrupt status is set: the status is the program's,
 * so neither the recording's writes nor the scheduler's waits may stop at it.
 *
 * <p>Before: {@code System.exit} on an interrupted thread left the recording incomplete ("the
 * recording could not be completed (java.nio.channels.ClosedByInterruptException)": the header's
 * file is written through an interruptible channel), and a deadlock whose last thread to block
 * carried an interrupt hung the recording (the grace period's sleep ended at the interrupt and no
 * report came) while its replay, which waits no grace period, reported it.
 */
class InterruptedThreadRecordingTest {

  private static final String EXIT = String.join("\n",
      "public class ExitInterrupted {",
      "  public static void main(String[] args) {",
      "    System.out.println(\"request \" + System.nanoTime() % 1000 + \" cancelled\");",
      "    Thread.currentThread().interrupt();",
      "    System.exit(3);",
      "  }",
      "}");

  private static final String DEADLOCK = String.join("\n",
      "public class InterruptedTellers {",
      "  static final Object savings = new Object();",
      "  static final Object checking = new Object();",
      "  static volatile boolean tellerHasChecking;",
      "  public static void main(String[] args) {",
      "    Thread teller = new Thread(() -> {",
      "      synchronized (checking) {",
      "        tellerHasChecking = true;",
      "        synchronized (savings) {",
      "          System.out.println(\"teller moved the money\");",
      "        }",
      "      }",
      "    }, \"teller\");",
      "    synchronized (savings) {",
      "      teller.start();",
      "      while (!tellerHasChecking) {",
      "        Thread.yield();",
      "      }",
      "      Thread.currentThread().interrupt(); // a cancelled request: main carries the interrupt on",
      "      System.out.println(\"main takes checking at \" + System.nanoTime() % 1000);",
      "      synchronized (checking) {",
      "        System.out.println(\"main moved the money\");",
      "      }",
      "    }",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> anInterruptedProgramThreadIsRecordedAsAnyOther() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("System.exit on an interrupted thread completes its recording and replays on " + jvm.label(),
          () -> exitOnAnInterruptedThread(jvm)));
      tests.add(dynamicTest("a deadlock whose last thread carries an interrupt is reported in record and replay on "
          + jvm.label(), () -> deadlockWithAnInterrupt(jvm)));
    }
    return tests;
  }

  private static void exitOnAnInterruptedThread(Jvm jvm) {
    Path work = Scratch.dir("interrupted-exit-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "ExitInterrupted", EXIT);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "ExitInterrupted");
    assertEquals(3, recorded.exitStatus(), recorded.describe());
    assertFalse(recorded.stderr().contains("could not be completed"), "the recording failed:" + recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of an exit on an interrupted thread on " + jvm);
  }

  private static void deadlockWithAnInterrupt(Jvm jvm) {
    Path work = Scratch.dir("interrupted-deadlock-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "InterruptedTellers", DEADLOCK);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "InterruptedTellers");
    assertEquals(88, recorded.exitStatus(), "the deadlock was not reported:" + recorded.describe());
    assertTrue(recorded.stderr().contains("thread #0 \"main\" waits for the monitor of a java.lang.Object, held by"
        + " thread #1 \"teller\""), "the report does not name the threads:" + recorded.describe());
    assertFalse(recorded.stderr().contains("could not be completed"), "the recording failed:" + recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of a deadlock with an interrupt on " + jvm);
  }
}
