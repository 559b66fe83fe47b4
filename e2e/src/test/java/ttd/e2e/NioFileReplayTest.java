package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files read, inspected and listed through {@code java.nio.file} and {@code FileChannel} replay
 * from the recording after the directory is deleted: contents, attributes, listings in the order
 * the recording saw them, real paths, a file stream's channel, and mappings of files, read-only
 * and shared writable.
 */
class NioFileReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.nio.*;",
          "import java.nio.channels.*;",
          "import java.nio.charset.StandardCharsets;",
          "import java.nio.file.*;",
          "import java.nio.file.attribute.*;",
          "import java.util.*;",
          "import java.util.stream.*;",
          "public class Inspector {",
          "  public static void main(String[] args) throws Exception {",
          "    Path dir = Paths.get(args[0]);",
          "    Path a = dir.resolve(\"a.txt\");",
          "    System.out.println(\"bytes \" + Files.readAllBytes(a).length);",
          "    System.out.println(\"string \" + Files.readString(a).trim());",
          "    try (Stream<String> lines = Files.lines(a)) { System.out.println(\"lines \" + lines.collect(Collectors.toList())); }",
          "    try (BufferedReader r = Files.newBufferedReader(dir.resolve(\"sub/b.txt\"))) { System.out.println(\"reader \" + r.readLine()); }",
          "    try (InputStream in = Files.newInputStream(a)) { System.out.println(\"stream \" + in.read() + \" \" + in.available()); }",
          "    try (FileChannel ch = FileChannel.open(a)) {",
          "      ByteBuffer bb = ByteBuffer.allocate(4);",
          "      ch.read(bb);",
          "      System.out.println(\"channel \" + new String(bb.array(), 0, 4) + \" at \" + ch.position() + \" of \" + ch.size());",
          "      ch.position(6);",
          "      ByteBuffer direct = ByteBuffer.allocateDirect(16);",
          "      int n = ch.read(direct);",
          "      direct.flip();",
          "      byte[] rest = new byte[direct.remaining()];",
          "      direct.get(rest);",
          "      System.out.println(\"direct \" + n + \" \" + new String(rest).trim());",
          "      ByteArrayOutputStream sink = new ByteArrayOutputStream();",
          "      System.out.println(\"transferred \" + ch.transferTo(0, ch.size(), Channels.newChannel(sink)) + \" \" + sink.toString().trim());",
          "    }",
          "    try (FileInputStream in = new FileInputStream(a.toFile())) {",
          "      System.out.println(\"stream channel size \" + in.getChannel().size());",
          "    }",
          "    System.out.println(\"exists \" + Files.exists(a) + \" \" + Files.exists(dir.resolve(\"nope\")) + \" \" + Files.notExists(dir.resolve(\"nope\")));",
          "    System.out.println(\"size \" + Files.size(a) + \" dir \" + Files.isDirectory(dir) + \" regular \" + Files.isRegularFile(a) + \" readable \" + Files.isReadable(a));",
          "    System.out.println(\"modified \" + Files.getLastModifiedTime(a).toMillis());",
          "    BasicFileAttributes attrs = Files.readAttributes(a, BasicFileAttributes.class);",
          "    System.out.println(\"attributes \" + attrs.size() + \" \" + attrs.isRegularFile() + \" \" + attrs.creationTime().toMillis());",
          "    try (Stream<Path> list = Files.list(dir)) { System.out.println(\"list \" + list.map(p -> p.getFileName().toString()).collect(Collectors.toList())); }",
          "    try (Stream<Path> walk = Files.walk(dir)) { System.out.println(\"walk \" + walk.map(p -> dir.relativize(p).toString()).collect(Collectors.toList())); }",
          "    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, \"*.txt\")) {",
          "      for (Path p : ds) System.out.println(\"glob \" + p.getFileName());",
          "    }",
          "    FileStore store = Files.getFileStore(a);",
          "    System.out.println(\"store \" + (store.getTotalSpace() >= store.getUsableSpace()) + \" \" + store.getTotalSpace() % 1000);",
          "    System.out.println(\"real \" + dir.resolve(\"sub/../a.txt\").toRealPath().endsWith(\"a.txt\"));",
          "    try { Files.readAllBytes(dir.resolve(\"nope\")); } catch (NoSuchFileException e) { System.out.println(\"missing \" + e.getMessage().endsWith(\"nope\")); }",
          "    System.out.println(\"EXIT-SUCCESS\");",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayReadsInspectsAndListsTheRecordedFilesAfterTheDirectoryIsGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("nio-files-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Inspector", PROGRAM);
    Path dir = Files.createDirectory(work.resolve("inspected"));
    Files.writeString(dir.resolve("a.txt"), "alpha beta gamma\nsecond\n", StandardCharsets.UTF_8);
    Files.createDirectory(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/b.txt"), "bravo\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("c.cfg"), "c=3\n", StandardCharsets.UTF_8);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Inspector", dir.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("channel alph at 4 of 24\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("reader bravo\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("real true\n"), recorded.describe());
    ReplayAssertions.assertSuccessMeansExitSuccess(recorded);

    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
    assertFalse(Files.exists(dir));
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Inspector without its directory");
  }

  private static final String MAPPER =
      String.join(
          "\n",
          "import java.nio.*;",
          "import java.nio.channels.*;",
          "import java.nio.file.*;",
          "public class Mapper {",
          "  public static void main(String[] args) throws Exception {",
          "    System.out.println(\"mapping\");",
          "    try (FileChannel ch = FileChannel.open(Paths.get(args[0]), StandardOpenOption.READ, StandardOpenOption.WRITE)) {",
          "      MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());",
          "      System.out.println(\"first byte \" + (char) m.get(0));",
          "      MappedByteBuffer p = ch.map(FileChannel.MapMode.PRIVATE, 4097, 3);",
          "      System.out.println(\"private \" + (char) p.get(0) + (char) p.get(2) + \" of \" + p.capacity());",
          "    }",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void readOnlyAndPrivateMappingsOfAFileReplayTheMappedBytesWithTheFileGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("nio-map-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Mapper", MAPPER);
    Path data = Files.writeString(work.resolve("data.bin"), "x" + "-".repeat(4096) + "abc", StandardCharsets.UTF_8);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Mapper", data.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals("mapping\nfirst byte x\nprivate ac of 3\n", recorded.stdout(), recorded.describe());
    assertEquals("", recorded.stderr(), recorded.describe());

    Files.write(data, "y".repeat(4100).getBytes(StandardCharsets.UTF_8));
    Outcome changed = TtdRun.replay(jvm, recording);
    Files.delete(data);
    ReplayAssertions.assertSameOutput(recorded, changed, "replay of the mappings with the file changed");
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, recording), "replay of the mappings with the file gone");
    assertFalse(Files.exists(data), "the replay made the mapped file");
  }

  /** The mapping programs' {@code text(buffer, at, n)}: n bytes of a buffer, zeros shown as 0. */
  private static final String TEXT_OF_BUFFER = String.join(
      "\n",
      "  static String text(ByteBuffer b, int at, int n) {",
      "    byte[] s = new byte[n];",
      "    for (int i = 0; i < n; i++) s[i] = b.get(at + i);",
      "    return new String(s).replace((char) 0, '0');",
      "  }");

  private static final String SHARED_MAPPER =
      String.join(
          "\n",
          "import java.nio.*;",
          "import java.nio.channels.*;",
          "import java.nio.file.*;",
          "import static java.nio.file.StandardOpenOption.*;",
          "public class SharedMapper {",
          "  public static void main(String[] args) throws Exception {",
          "    Path p = Paths.get(args[0]);",
          "    try (FileChannel a = FileChannel.open(p, READ, WRITE); FileChannel b = FileChannel.open(p, READ, WRITE)) {",
          "      MappedByteBuffer whole = a.map(FileChannel.MapMode.READ_WRITE, 0, 8192);",
          "      MappedByteBuffer page = b.map(FileChannel.MapMode.READ_WRITE, 4096, 4096);",
          "      System.out.println(\"file starts \" + text(whole, 0, 3) + \", is \" + a.size() + \" bytes\");",
          "      whole.put(4096, (byte) 'M');",
          "      page.put(1, (byte) 'N');",
          "      System.out.println(\"mappings share \" + text(page, 0, 1) + text(whole, 4097, 1));",
          "      a.write(ByteBuffer.wrap(\"pw\".getBytes()), 4098);",
          "      b.position(4100);",
          "      b.write(ByteBuffer.wrap(\"seq\".getBytes()));",
          "      System.out.println(\"channel writes show in \" + text(page, 0, 7));",
          "      whole.put(0, (byte) 'W');",
          "      MappedByteBuffer later = b.map(FileChannel.MapMode.READ_ONLY, 0, 8192);",
          "      MappedByteBuffer own = b.map(FileChannel.MapMode.PRIVATE, 0, 8192);",
          "      own.put(4096, (byte) 'P');",
          "      System.out.println(\"later mappings \" + text(later, 0, 3) + \" \" + text(later, 4096, 7) + \" \" + text(own, 4096, 2) + text(whole, 4096, 2));",
          "      whole.force();",
          "      ByteBuffer back = ByteBuffer.allocate(7);",
          "      a.read(back, 4096);",
          "      System.out.println(\"channel reads \" + new String(back.array()));",
          "    }",
          "  }",
          TEXT_OF_BUFFER,
          "}",
          "");

  /**
   * A file mapped read-only, then written through a channel, mapped for writing, and written
   * through a {@code RandomAccessFile} and two streams, and cut and grown.
   */
  private static final String STREAMS_INTO_MAPPING =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.nio.*;",
          "import java.nio.channels.*;",
          "import java.nio.file.*;",
          "import static java.nio.file.StandardOpenOption.*;",
          "public class StreamsIntoMapping {",
          "  public static void main(String[] args) throws Exception {",
          "    Path p = Paths.get(args[0]);",
          "    try (FileChannel c = FileChannel.open(p, READ, WRITE); RandomAccessFile raf = new RandomAccessFile(p.toFile(), \"rw\")) {",
          "      MappedByteBuffer ro = c.map(FileChannel.MapMode.READ_ONLY, 0, 16);",
          "      c.write(ByteBuffer.wrap(\"ch\".getBytes()), 4);",
          "      System.out.println(\"read-only mapping sees \" + text(ro, 0, 6));",
          "      MappedByteBuffer m = c.map(FileChannel.MapMode.READ_WRITE, 0, 64);",
          "      raf.seek(10);",
          "      raf.write(\"raf\".getBytes());",
          "      raf.write('!');",
          "      raf.writeInt(0x41424344);",
          "      System.out.println(\"random access shows \" + text(m, 10, 8));",
          "      raf.setLength(40);",
          "      try (FileOutputStream over = new FileOutputStream(p.toFile(), true)) {",
          "        over.write(\"tail\".getBytes());",
          "      }",
          "      System.out.println(\"appended \" + text(m, 38, 8) + \" to \" + c.size() + \" bytes\");",
          "      c.truncate(50);",
          "      m.put(49, (byte) 'z');",
          "      c.truncate(48);",
          "      raf.setLength(52);",
          "      System.out.println(\"cut and grown \" + text(m, 42, 10));",
          "      try (RandomAccessFile again = new RandomAccessFile(p.toFile(), \"rw\")) {",
          "        FileOutputStream out = new FileOutputStream(again.getFD());",
          "        again.seek(30);",
          "        out.write(\"fd\".getBytes());",
          "      }",
          "      System.out.println(\"through the descriptor \" + text(m, 30, 2) + \", untouched \" + text(m, 0, 3));",
          "      m.put(0, (byte) 'W');",
          "      System.out.println(\"the first mapping sees \" + text(ro, 0, 1) + text(ro, 10, 4));",
          "    }",
          "  }",
          TEXT_OF_BUFFER,
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void everyWriteToAFileReachesItsSharedMappingsInReplayWithTheFileGone(Jvm jvm) throws Exception {
    MappingRun run = recordMapping(jvm, "nio-map-streams-", "StreamsIntoMapping", STREAMS_INTO_MAPPING,
        "abc" + "-".repeat(61),
        "read-only mapping sees abc-ch\n"
            + "random access shows raf!ABCD\n"
            + "appended --tail00 to 44 bytes\n"
            + "cut and grown il00000000\n"
            + "through the descriptor fd, untouched abc\n"
            + "the first mapping sees Wraf!\n");

    Files.delete(run.data());
    ReplayAssertions.assertSameOutput(run.recorded(), TtdRun.replay(jvm, run.recording()), "replay with the mapped file gone");
    assertFalse(Files.exists(run.data()), "the replay made the mapped file");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void sharedWritableMappingsSeeEachOtherAndTheChannelsWritesInReplayWithTheFileGone(Jvm jvm) throws Exception {
    MappingRun run = recordMapping(jvm, "nio-map-rw-", "SharedMapper", SHARED_MAPPER, "xyz" + "-".repeat(4097),
        "file starts xyz, is 8192 bytes\n"
            + "mappings share MN\n"
            + "channel writes show in MNpwseq\n"
            + "later mappings Wyz MNpwseq PNMN\n"
            + "channel reads MNpwseq\n");

    Files.write(run.data(), "y".repeat(9000).getBytes(StandardCharsets.UTF_8));
    ReplayAssertions.assertSameOutput(run.recorded(), TtdRun.replay(jvm, run.recording()), "replay with the mapped file changed");
    Files.delete(run.data());
    ReplayAssertions.assertSameOutput(run.recorded(), TtdRun.replay(jvm, run.recording()), "replay with the mapped file gone");
    assertFalse(Files.exists(run.data()), "the replay made the mapped file");
  }

  /** A recorded run of a mapping program over its data file, and where its recording is. */
  private record MappingRun(Outcome recorded, Path data, Path recording) {}

  /** Records {@code main} over a data file holding {@code content}; it must print {@code expected}, and nothing on stderr. */
  private static MappingRun recordMapping(Jvm jvm, String dir, String main, String source, String content, String expected)
      throws Exception {
    Path work = Scratch.dir(dir + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), main, source);
    Path data = Files.writeString(work.resolve("data.bin"), content, StandardCharsets.UTF_8);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), main, data.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(expected, recorded.stdout(), recorded.describe());
    assertEquals("", recorded.stderr(), recorded.describe());
    return new MappingRun(recorded, data, recording);
  }
}
