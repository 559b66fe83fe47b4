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
 *
 * <p>Also when the program calls them through its own interface or a subclass, as Apache Derby
 * does ({@code StorageRandomAccessFile}): those calls name no JDK class, and before, a replay's
 * {@code getFilePointer()} read its stand-in's position, 0, where the recording had read 24. And
 * the failure of such a native, called right from {@code main}, prints in replay as recorded: the
 * frame ttd supplies for it had printed the module's version, which a throwable's frame of {@code
 * java.base} does not.
 */
class RandomAccessFileReplayTest {

  private static final String THROUGH_AN_INTERFACE =
      String.join(
          "\n",
          "import java.io.*;",
          "public class Journal {",
          "  interface Log {",
          "    long getFilePointer() throws IOException;",
          "    long length() throws IOException;",
          "    void setLength(long n) throws IOException;",
          "    void seek(long at) throws IOException;",
          "    int read() throws IOException;",
          "    void close() throws IOException;",
          "  }",
          "  static class FileLog extends RandomAccessFile implements Log {",
          "    FileLog(String path) throws IOException { super(path, \"rw\"); }",
          "  }",
          "  static final class CountingLog extends FileLog {",
          "    int asked;",
          "    CountingLog(String path) throws IOException { super(path); }",
          "    @Override public long getFilePointer() throws IOException { asked++; return super.getFilePointer(); }",
          "  }",
          "  static final class MemoryLog implements Log {",
          "    long at, size = 40;",
          "    public long getFilePointer() { return at; }",
          "    public long length() { return size; }",
          "    public void setLength(long n) { size = n; at = Math.min(at, n); }",
          "    public void seek(long to) { at = to; }",
          "    public int read() { at++; return 'm'; }",
          "    public void close() { }",
          "  }",
          "  public static void main(String[] args) throws Exception {",
          "    Log[] logs = {new FileLog(args[0]), new CountingLog(args[1]), new MemoryLog()};",
          "    for (Log log : logs) {",
          "      log.seek(5);",
          "      char c = (char) log.read();",
          "      long before = log.length();",
          "      long at = log.getFilePointer();",
          "      log.setLength(3);",
          "      System.out.println(log.getClass().getSimpleName() + \" read \" + c + \" at \" + at + \" length \" + before",
          "          + \" cut to \" + log.length() + \" at \" + log.getFilePointer());",
          "    }",
          "    CountingLog counting = (CountingLog) logs[1];",
          "    RandomAccessFile plain = counting;",
          "    counting.seek(1);",
          "    System.out.println(\"counting at \" + plain.getFilePointer() + \" \" + counting.getFilePointer() + \" asked \" + counting.asked);",
          "    FileLog direct = (FileLog) logs[0];",
          "    direct.seek(2);",
          "    System.out.println(\"direct at \" + direct.getFilePointer() + \" length \" + direct.length());",
          "    for (Log log : logs) log.close();",
          "    try { logs[0].getFilePointer(); } catch (IOException e) { e.printStackTrace(System.out); }",
          "    try { direct.length(); } catch (IOException e) { e.printStackTrace(System.out); }",
          "    RandomAccessFile raw = new RandomAccessFile(args[0], \"r\");",
          "    raw.close();",
          "    try { raw.getFilePointer(); } catch (IOException e) { e.printStackTrace(System.out); }",
          "  }",
          "}",
          "");

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

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void positionsAndLengthsReachedThroughAnInterfaceOrASubclassReplayAsRecorded(Jvm jvm) throws Exception {
    Path work = Scratch.dir("raf-interface-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Journal", THROUGH_AN_INTERFACE);
    List<Path> logs = List.of(work.resolve("a.log"), work.resolve("b.log"));
    List<String> args = List.of(logs.get(0).toString(), logs.get(1).toString());
    for (Path log : logs) {
      Files.writeString(log, "0123456789abcdefghijklmn", StandardCharsets.UTF_8);
    }
    Outcome plain = Exec.run(List.of(jvm.java(), "-cp", classes.toString(), "Journal", args.get(0), args.get(1)), work);
    assertEquals(0, plain.exitStatus(), plain.describe());
    for (Path log : logs) {
      Files.writeString(log, "0123456789abcdefghijklmn", StandardCharsets.UTF_8);
    }
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Journal", args.get(0), args.get(1));
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(plain.stdoutLines(), recorded.stdoutLines(), "recorded against plain");
    assertTrue(recorded.stdout().contains("FileLog read 5 at 6 length 24 cut to 3 at 3\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("CountingLog read 5 at 6 length 24 cut to 3 at 3\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("counting at 1 1 asked 4\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("java.io.IOException: Stream Closed"), recorded.describe());

    for (Path log : logs) {
      Files.delete(log);
    }
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Journal without its files");
    assertEquals(List.of(), List.of(work.toFile().list((d, n) -> n.endsWith(".log"))), "the replay created a file");
  }
}
