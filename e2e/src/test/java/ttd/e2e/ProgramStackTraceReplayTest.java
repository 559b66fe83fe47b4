package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A program that prints the stack traces of failures thrown where ttd's hooks stand in for the
 * JDK (a file open, a NIO read, an interrupted sleep, wait and join, a refused connect) prints what
 * a plain run prints, when recorded and when replayed; and joining a thread that has ended with
 * the interrupt status set neither throws nor clears it, as in a plain run.
 *
 * <p>Before, the recorded traces showed ttd's session and hook frames instead of the JDK's native
 * frame ({@code FileInputStream.open0}, {@code Thread.sleep}), so a recorded run's output differed
 * from a plain run's and named ttd's classes, which a replay by another build of ttd would not.
 */
class ProgramStackTraceReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.io.*;",
      "import java.net.*;",
      "import java.nio.file.*;",
      "public class Failures {",
      "  static final Object lock = new Object();",
      "  public static void main(String[] a) throws Exception {",
      "    try { new FileInputStream(\"/nonexistent/ttd-e2e\"); } catch (IOException e) { e.printStackTrace(System.out); }",
      "    try { Files.readAllBytes(Paths.get(\"/nonexistent/ttd-e2e\")); } catch (IOException e) { e.printStackTrace(System.out); }",
      "    Thread sleeper = new Thread(\"sleeper\") {",
      "      public void run() {",
      "        try { Thread.sleep(60_000); } catch (InterruptedException e) { e.printStackTrace(System.out); }",
      "      }",
      "    };",
      "    sleeper.start();",
      "    sleeper.interrupt();",
      "    sleeper.join();",
      "    synchronized (lock) {",
      "      Thread.currentThread().interrupt();",
      "      try { lock.wait(60_000); } catch (InterruptedException e) { e.printStackTrace(System.out); }",
      "      Thread.currentThread().interrupt();",
      "      try { lock.wait(); } catch (InterruptedException e) { e.printStackTrace(System.out); }",
      "      Thread.currentThread().interrupt();",
      "      try { lock.wait(0); } catch (InterruptedException e) { e.printStackTrace(System.out); }",
      "    }",
      "    Thread.currentThread().interrupt();",
      "    sleeper.join();", // ended: the JDK's join does not wait, so it neither throws nor clears the interrupt
      "    System.out.println(\"joined an ended thread, still interrupted: \" + Thread.interrupted());",
      "    Thread napper = new Thread(() -> { try { Thread.sleep(60_000); } catch (InterruptedException e) { } }, \"napper\");",
      "    napper.start();",
      "    Thread.currentThread().interrupt();",
      "    try { napper.join(); } catch (InterruptedException e) { e.printStackTrace(System.out); }",
      "    napper.interrupt();",
      "    napper.join();",
      "    int port;",
      "    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) { port = s.getLocalPort(); }",
      "    try (Socket c = new Socket(InetAddress.getLoopbackAddress(), port)) { } catch (IOException e) { e.printStackTrace(System.out); }",
      "    System.out.println(\"done\");",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> printedStackTracesAreAPlainRunsInRecordAndReplay() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("failures' stack traces on " + jvm.label(), () -> {
        Path work = Scratch.dir("program-stack-traces-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Failures", PROGRAM);
        Outcome plain = Exec.run(List.of(jvm.java(), "-cp", classes.toString(), "Failures"), work);
        assertEquals(0, plain.exitStatus(), plain.describe());
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Failures");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertEquals(plain.stdoutLines(), recorded.stdoutLines(), "recorded against plain on " + jvm);
        for (String line : recorded.stdoutLines()) {
          assertFalse(line.contains("ttd."), "a ttd frame: " + line);
        }
        ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay on " + jvm);
      }));
    }
    return tests;
  }
}
