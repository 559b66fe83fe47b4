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
 * Files read through java.io and standard input are recorded and replayed: the replay prints what
 * the recording printed after the files are deleted and with nothing on its standard input, and a
 * file that was missing while recording is missing again in replay.
 */
class FileInputReplayTest {

  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.util.*;",
          "public class Inputs {",
          "  public static void main(String[] args) throws Exception {",
          "    try (BufferedReader r = new BufferedReader(new FileReader(args[0]))) {",
          "      System.out.println(\"first line: \" + r.readLine());",
          "    }",
          "    try (FileInputStream in = new FileInputStream(args[0])) {",
          "      byte[] all = in.readAllBytes();",
          "      System.out.println(\"bytes: \" + all.length + \", then available \" + in.available());",
          "    }",
          "    try (FileInputStream in = new FileInputStream(args[0])) {",
          "      in.read(new byte[4], 3, 4);",
          "    } catch (IndexOutOfBoundsException e) {",
          "      System.out.println(\"bad range: \" + e);",
          "    }",
          "    Properties p = new Properties();",
          "    try (InputStream in = new FileInputStream(args[1])) {",
          "      p.load(in);",
          "    }",
          "    System.out.println(\"config: \" + new TreeMap<>(p));",
          "    try {",
          "      new FileInputStream(args[2]);",
          "    } catch (FileNotFoundException e) {",
          "      System.out.println(\"missing: \" + e.getMessage());",
          "    }",
          "    Scanner stdin = new Scanner(System.in);",
          "    while (stdin.hasNextLine()) {",
          "      System.out.println(\"typed: \" + stdin.nextLine());",
          "    }",
          "    System.out.println(\"EXIT-SUCCESS\");",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayReadsTheRecordedFilesAndStdinAfterTheFilesAreGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("file-input-replay-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Inputs", PROGRAM);
    Path data = Files.writeString(work.resolve("data.txt"), "alpha\nbeta\ngamma\n", StandardCharsets.UTF_8);
    Path config = Files.writeString(work.resolve("app.properties"), "port=8080\nhost=shop\n", StandardCharsets.UTF_8);
    Path missing = work.resolve("not-there.txt");
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, List.of(), classes.toString(), "Inputs",
            List.of(data.toString(), config.toString(), missing.toString()),
            "first typed line\nsecond\n".getBytes(StandardCharsets.UTF_8));
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("first line: alpha\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("config: {host=shop, port=8080}\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("typed: second\n"), recorded.describe());
    assertTrue(recorded.stdout().contains("bad range: java.lang.IndexOutOfBoundsException\n"), recorded.describe());

    Files.delete(data);
    Files.delete(config);
    for (int i = 1; i <= 3; i++) {
      Outcome replayed = TtdRun.replay(jvm, recording);
      ReplayAssertions.assertSameOutput(recorded, replayed, "replay " + i + " of Inputs without its files");
    }
  }

  private static final String CHANNEL_READER =
      String.join(
          "\n",
          "import java.io.*;",
          "import java.nio.ByteBuffer;",
          "public class ChannelReader {",
          "  public static void main(String[] args) throws Exception {",
          "    System.out.println(\"opening\");",
          "    try (FileInputStream in = new FileInputStream(args[0])) {",
          "      System.out.println(\"read \" + in.getChannel().read(ByteBuffer.allocate(8)));",
          "    }",
          "    System.out.println(\"EXIT-SUCCESS\");",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void theChannelOfAFileStreamReplaysAfterTheFileIsGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("channel-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "ChannelReader", CHANNEL_READER);
    Path data = Files.writeString(work.resolve("data.txt"), "0123456789\n", StandardCharsets.UTF_8);
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, List.of(), classes.toString(), "ChannelReader",
            List.of(data.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("read 8\n"), recorded.describe());

    Files.delete(data);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of ChannelReader without its file");
  }

  private static final String SURVEYOR =
      String.join(
          "\n",
          "import java.io.File;",
          "import java.util.Arrays;",
          "public class Surveyor {",
          "  public static void main(String[] args) throws Exception {",
          "    File dir = new File(args[0]);",
          "    String[] names = dir.list();",
          "    Arrays.sort(names);",
          "    System.out.println(\"directory \" + dir.isDirectory() + \" \" + Arrays.toString(names));",
          "    for (String n : names) {",
          "      File f = new File(dir, n);",
          "      System.out.println(n + \": exists \" + f.exists() + \", \" + f.length() + \" bytes, readable \" + f.canRead());",
          "    }",
          "    System.out.println(\"canonical \" + new File(dir, \"../\" + dir.getName()).getCanonicalPath());",
          "    System.out.println(\"missing exists: \" + new File(dir, \"nope\").exists());",
          "  }",
          "}",
          "");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayAnswersFileQueriesAndListingsAfterTheDirectoryIsGone(Jvm jvm) throws Exception {
    Path work = Scratch.dir("file-queries-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Surveyor", SURVEYOR);
    Path dir = Files.createDirectory(work.resolve("surveyed"));
    Files.writeString(dir.resolve("a.txt"), "aa\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("b.txt"), "bbbb\n", StandardCharsets.UTF_8);
    Path recording = work.resolve("recording");
    Outcome recorded =
        TtdRun.record(jvm, recording, List.of(), classes.toString(), "Surveyor", List.of(dir.toString()), new byte[0]);
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().contains("b.txt: exists true, 5 bytes"), recorded.describe());

    Files.delete(dir.resolve("a.txt"));
    Files.delete(dir.resolve("b.txt"));
    Files.delete(dir);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of Surveyor without its directory");
  }
}
