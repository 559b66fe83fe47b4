package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The program's I/O on a thread that carries an interrupt, where ttd does I/O of its own for it:
 * the status is the program's, so ttd's own channels must not stop (and close) at it.
 *
 * <p>Before: a write through a {@code RandomAccessFile} or a {@code FileOutputStream} to a file the
 * program maps shared, on an interrupted thread, is not interruptible, but its replay applies it to
 * the file's shadow through a {@code FileChannel}, which threw {@code ClosedByInterruptException}
 * (and closed the shadow): the replay diverged at "an uncaught exception" (status 86) on 17 and 25.
 */
class InterruptedThreadIoReplayTest {

  private static final String JOURNAL = String.join("\n",
      "import java.io.*;",
      "import java.nio.MappedByteBuffer;",
      "import java.nio.channels.FileChannel;",
      "import java.nio.file.*;",
      "public class MappedJournal {",
      "  public static void main(String[] args) throws Exception {",
      "    Path dir = Files.createTempDirectory(\"journal\");",
      "    File file = dir.resolve(\"journal.bin\").toFile();",
      "    try (RandomAccessFile journal = new RandomAccessFile(file, \"rw\")) {",
      "      journal.setLength(4096);",
      "      MappedByteBuffer view = journal.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, 4096);",
      "      Thread.currentThread().interrupt(); // a cancelled request: the thread carries the interrupt on",
      "      long stamp = System.nanoTime() % 1000;",
      "      journal.seek(64);",
      "      journal.writeLong(stamp); // the mapping shows it",
      "      System.out.println(\"the mapping sees \" + view.getLong(64) + \" of \" + stamp);",
      "      try (FileOutputStream tail = new FileOutputStream(file, true)) {",
      "        tail.write(new byte[] {7, 7});",
      "      }",
      "      journal.setLength(2048);",
      "      view.putInt(128, 5);",
      "      journal.seek(128);",
      "      System.out.println(\"length \" + journal.length() + \", the file sees \" + journal.readInt());",
      "    }",
      "    Files.delete(file.toPath());",
      "    Files.delete(dir);",
      "    System.out.println(\"still interrupted: \" + Thread.interrupted());",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void writesToAMappedFileOnAnInterruptedThreadReplay(Jvm jvm) {
    Path work = Scratch.dir("interrupted-mapped-writes-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "MappedJournal", JOURNAL);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "MappedJournal");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("length 2048, the file sees 5\nstill interrupted: true"),
        recorded.describe());
    Outcome replayed = TtdRun.replay(jvm, work.resolve("recording"));
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of writes to a mapped file on an interrupted thread on "
        + jvm);
  }
}
