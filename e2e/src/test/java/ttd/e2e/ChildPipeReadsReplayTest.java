package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A thread blocked reading a child's output lets the program's other threads run, as without ttd:
 * main feeds {@code cat} the line a reader thread waits for, and destroys a long {@code sleep}
 * whose output another thread waits on (Commons Exec's stream pumpers and watchdog do both).
 *
 * <p>Before, the reading thread kept the scheduler's baton through the read: the first recording
 * hung for good (main never wrote), and the second ran until the child ended by itself (60 s; on
 * JDK 17 the program then saw exit 0, not the signal). Once the read let the baton go, JDK 25's
 * process reaper met the reader's monitor in {@code processExited} for the streams {@code destroy}
 * had closed and held the baton there; a closed pipe's {@code processExited} is now left out.
 */
class ChildPipeReadsReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.io.*;",
      "import java.nio.charset.StandardCharsets;",
      "public class PipeReads {",
      "  public static void main(String[] args) throws Exception {",
      "    for (String mode : new String[] {\"cat\", \"destroy\"}) {",
      "      long start = System.nanoTime();",
      "      Process p = new ProcessBuilder(mode.equals(\"cat\") ? new String[] {\"cat\"} : new String[] {\"sleep\", \"60\"}).start();",
      "      StringBuilder got = new StringBuilder();",
      "      Thread reader = new Thread(() -> {",
      "        try (InputStream in = p.getInputStream()) {",
      "          byte[] b = new byte[256];",
      "          for (int n; (n = in.read(b)) > 0; ) got.append(new String(b, 0, n, StandardCharsets.UTF_8));",
      "        } catch (IOException e) { got.append(e); }",
      "      }, \"reader\");",
      "      reader.start();",
      "      Thread.sleep(300);",
      "      if (mode.equals(\"cat\")) {",
      "        try (OutputStream out = p.getOutputStream()) { out.write((\"fed at \" + System.currentTimeMillis() % 1000 + \"\\n\").getBytes()); }",
      "      } else {",
      "        p.destroy();",
      "      }",
      "      reader.join();",
      "      boolean soon = System.nanoTime() - start < 30_000_000_000L;",
      "      System.out.println(mode + \": exit \" + p.waitFor() + \", read '\" + got.toString().trim().replaceAll(\"[0-9]+\", \"N\") + \"', before the child's own end \" + soon);",
      "    }",
      "  }",
      "}");

  @TestFactory
  List<DynamicTest> aThreadBlockedReadingAChildLetsTheOthersRun() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      tests.add(dynamicTest("a fed cat and a destroyed sleep replay on " + jvm.label(), () -> {
        Path work = Scratch.dir("child-pipe-reads-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "PipeReads", PROGRAM);
        Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "PipeReads");
        assertEquals(0, recorded.exitStatus(), recorded.describe());
        assertEquals("cat: exit 0, read 'fed at N', before the child's own end true\n"
            + "destroy: exit 143, read '', before the child's own end true\n",
            recorded.stdout(), recorded.describe());
        ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
            "replay of reads of children's pipes on " + jvm);
      }));
    }
    return tests;
  }
}
