package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code RandomAccessFile} reads, seeks, lengths and writes replay from the recording: the
 * replay reads the recorded bytes after the file is deleted, and its writes and length change are
 * compared, not performed.
 */
class RandomAccessFileReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.nio.ByteBuffer;",
          "public class Records {",
          "  public static void main(String[] args) throws Exception {",
          "    try (RandomAccessFile f = new RandomAccessFile(args[0], \"rw\")) {",
          "      System.out.println(\"length \" + f.length());",
          "      f.seek(8);",
          "      byte[] b = new byte[8];",
          "      f.readFully(b);",
          "      System.out.println(\"record 1 \" + new String(b) + \" at \" + f.getFilePointer() + \" next byte \" + (char) f.read());",
          "      System.out.println(\"channel \" + f.getChannel().size() + \" \" + f.getChannel().read(ByteBuffer.allocate(4), 0));",
          "      f.seek(f.length());",
          "      f.write(\"record-3\".getBytes());",
          "      f.writeInt(42);",
          "      System.out.println(\"grown to \" + f.length());",
          "      f.setLength(16);",
          "      System.out.println(\"cut to \" + f.length() + \" at \" + f.getFilePointer());",
          "    }",
          "    try { new RandomAccessFile(args[1], \"r\"); } catch (FileNotFoundException e) { System.out.println(\"missing \" + e.getMessage()); }",
          "    System.out.println(\"EXIT-SUCCESS\");",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayReadsSeeksAndWritesAsRecordedWithoutTheFile(Jvm jvm) throws Exception {
    Path work = Scratch.dir("raf-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Records", PROGRAM);
    Path data = Files.writeString(work.resolve("records.dat"), "record-0record-1record-2", StandardCharsets.UTF_8);
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, classes.toString(), "Records", data.toString(), work.resolve("nope").toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("record 1 record-1 at 16 next byte r\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("grown to 36\n"), recorded.describe());
    assertEquals("record-0record-1", Files.readString(data, StandardCharsets.UTF_8));

    Files.delete(data);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Records without its file");
    assertEquals(List.of(), List.of(work.toFile().list((d, n) -> n.equals("records.dat"))), "the replay created the file");
  }
}
