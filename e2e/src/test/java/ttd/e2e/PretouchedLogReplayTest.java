package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A recording whose log grows past a mebibyte runs the recorder's pretouching thread next to the
 * program (the replay has none), and still replays exactly: identity hashes and the order of a
 * set hashed by identity, the program's next thread's name and id, and the threads its own group
 * counts. Those are what a thread of ttd's own, started in the middle of the program, could move.
 */
class PretouchedLogReplayTest {

  private static final String READER =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.util.*;",
          "public class Reader {",
          "  public static void main(String[] args) throws Exception {",
          "    byte[] buf = new byte[8192];",
          "    long sum = 0;",
          "    try (FileInputStream in = new FileInputStream(args[0])) {",
          "      for (int n; (n = in.read(buf)) > 0; ) sum += buf[0] + buf[n - 1];",
          "    }",
          "    System.out.println(\"sum \" + sum + \" hash \" + new Object().hashCode());",
          "    Set<Object> set = new HashSet<>();",
          "    for (int i = 0; i < 20; i++) set.add(new Object());",
          "    StringBuilder order = new StringBuilder();",
          "    for (Object o : set) order.append(o.hashCode() % 1000).append(' ');",
          "    System.out.println(\"set \" + order);",
          "    System.out.println(new Date(0).toString().length() + \" \" + new Object().hashCode());",
          "    Thread t = new Thread(() -> System.out.println(\"worker \" + new Object().hashCode()));",
          "    System.out.println(t.getName() + \" \" + t.getId() + \" \" + Thread.activeCount());",
          "    t.start();",
          "    t.join();",
          "    System.out.println(\"end \" + new Object().hashCode());",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aProgramThatLogsManyMebibytesReplaysItsHashesAndThreads(Jvm jvm) throws Exception {
    Path work = Scratch.dir("pretouched-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Reader", READER);
    byte[] data = new byte[8 << 20];
    new java.util.SplittableRandom(11).nextBytes(data);
    Path input = Files.write(work.resolve("input.bin"), data);
    Path recording = work.resolve("recording");

    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Reader", input.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("Thread-0 "), recorded.describe());

    Files.delete(input); // the replay's sum comes from the 8 MiB in the log
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of an 8 MiB read");
  }
}
