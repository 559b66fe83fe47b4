package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.TestFactory;

/**
 * Bad usage and unusable recordings: each ends by itself (Exec kills a hang and fails the test)
 * with status 2 and exactly one
 * {@code ttd: ...} line on stderr, never a stack trace.
 */
class BadInputTest {

  private static final int BAD_USAGE = 2;

  /** One bad input: how to run it on a JDK, and a word its one line must contain ("" for none). */
  private static final class Case {
    final String name;
    final Function<Jvm, Outcome> run;
    final String mentions;

    Case(String name, Function<Jvm, Outcome> run, String mentions) {
      this.name = name;
      this.run = run;
      this.mentions = mentions;
    }
  }

  @TestFactory
  List<DynamicContainer> everyBadInputEndsWithStatusTwoAndOneTtdLineAndNoStackTrace() {
    List<DynamicContainer> perJdk = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      perJdk.add(
          dynamicContainer(
              jvm.label(),
              cases().stream()
                  .map(c -> dynamicTest(c.name, () -> assertOneTtdLine(c, c.run.apply(jvm))))
                  .collect(Collectors.toList())));
    }
    return perJdk;
  }

  private static List<Case> cases() {
    return List.of(
        new Case("replay of a missing path", jvm -> replay(jvm, Scratch.dir("missing").resolve("no-such-recording")), ""),
        new Case("replay of a regular file", BadInputTest::replayOfARegularFile, ""),
        new Case("replay of a directory that is not a recording", jvm -> replay(jvm, Scratch.dir("not-a-recording")), ""),
        new Case("replay of a recording whose recording.properties is unreadable", BadInputTest::replayOfUnreadableProperties, ""),
        new Case("replay of a recording of format version 99", BadInputTest::replayOfFormatVersion99, "99"),
        new Case("replay of a recording truncated to 40% of its written bytes", jvm -> replayOfTruncated(jvm, false), ""),
        new Case("replay of a recording truncated in the middle of its events", jvm -> replayOfTruncated(jvm, true), ""),
        new Case("replay of a recording with bytes flipped in the middle of its events", BadInputTest::replayOfCorrupted, ""),
        new Case("replay of a recording with bytes flipped inside a file read's payload", jvm -> replayOfDamagedPayload(jvm, false), ""),
        new Case("replay of a recording truncated inside a file read's payload", jvm -> replayOfDamagedPayload(jvm, true), ""),
        new Case("record --out into an existing directory", BadInputTest::recordIntoExistingDirectory, ""),
        new Case("record --out under a parent that cannot be created", BadInputTest::recordUnderAFile, ""),
        new Case("unknown command", jvm -> TtdRun.cli(jvm, Scratch.dir("cli"), "frobnicate"), "frobnicate"),
        new Case("unknown agent option", BadInputTest::unknownAgentOption, "bogus"),
        new Case("replay with no argument", jvm -> TtdRun.cli(jvm, Scratch.dir("cli"), "replay"), ""));
  }

  private static void assertOneTtdLine(Case c, Outcome outcome) {
    String context = " (" + c.name + "):" + outcome.describe();
    assertEquals(BAD_USAGE, outcome.exitStatus(), "exit status" + context);
    List<String> lines = outcome.stderrLines();
    assertEquals(1, lines.size(), "stderr must be exactly one line" + context);
    assertTrue(lines.get(0).startsWith("ttd: "), "the line must start with 'ttd: '" + context);
    assertFalse(lines.get(0).contains("Exception"), "no exception in the line" + context);
    assertFalse(outcome.stdout().contains("\tat ") || outcome.stdout().contains("Exception"), "no stack trace on stdout" + context);
    assertTrue(lines.get(0).contains(c.mentions), "the line must mention '" + c.mentions + "'" + context);
  }

  private static Outcome replay(Jvm jvm, Path recording) {
    return TtdRun.replay(jvm, recording);
  }

  private static Outcome replayOfARegularFile(Jvm jvm) {
    Path file = Scratch.dir("regular-file").resolve("recording");
    write(file, "not a recording\n");
    return replay(jvm, file);
  }

  private static Outcome replayOfUnreadableProperties(Jvm jvm) {
    Path recording = Scratch.copyOf(Sample.LOTTERY.sharedRecording(jvm), "unreadable");
    Path props = recording.resolve("recording.properties");
    try {
      Files.setPosixFilePermissions(props, PosixFilePermissions.fromString("---------"));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    boolean isRoot = "root".equals(ProcessHandle.current().info().user().orElse(""));
    Assumptions.assumeFalse(isRoot || Files.isReadable(props), "root reads any file");
    return replay(jvm, recording);
  }

  private static Outcome replayOfFormatVersion99(Jvm jvm) {
    Path recording = Scratch.copyOf(Sample.LOTTERY.sharedRecording(jvm), "version-99");
    Path props = recording.resolve("recording.properties");
    String text = read(props);
    assertTrue(text.matches("(?s).*\nformat\\.version=\\d+\n.*"), "recording.properties has no format.version:\n" + text);
    write(props, text.replaceFirst("\nformat\\.version=\\d+\n", "\nformat.version=99\n"));
    return replay(jvm, recording);
  }

  private static Outcome replayOfTruncated(Jvm jvm, boolean inTheEvents) {
    Path recording = Scratch.copyOf(Sample.LOTTERY.sharedRecording(jvm), "truncated");
    QueueFile queue = QueueFile.of(recording);
    long size = inTheEvents ? queue.middleOfData() : queue.writtenEnd() * 40 / 100;
    queue.truncate(size);
    return replay(jvm, recording);
  }

  private static Outcome replayOfCorrupted(Jvm jvm) {
    Path recording = Scratch.copyOf(Sample.LOTTERY.sharedRecording(jvm), "corrupted");
    QueueFile queue = QueueFile.of(recording);
    queue.flip(queue.middleOfData(), 16);
    return replay(jvm, recording);
  }

  private static final String PAYLOAD_READER =
      String.join(
          "\n",
          "import java.nio.file.*;",
          "public class PayloadReader {",
          "  public static void main(String[] args) throws Exception {",
          "    byte[] data = Files.readAllBytes(Paths.get(args[0]));",
          "    long sum = 0;",
          "    for (byte b : data) sum += b;",
          "    System.out.println(data.length + \" bytes, sum \" + sum);",
          "  }",
          "}",
          "");

  /** A recording of a 300 KB file read, damaged in the middle of the file's bytes in the log. */
  private static Outcome replayOfDamagedPayload(Jvm jvm, boolean truncate) {
    Path work = Scratch.dir("payload-" + (truncate ? "truncated" : "flipped"));
    Path classes = JavaSource.compile(work.resolve("classes"), "PayloadReader", PAYLOAD_READER);
    byte[] data = new byte[300 << 10];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) ('a' + (i * 7 + i / 13) % 26);
    }
    Path input = work.resolve("input.bin");
    try {
      Files.write(input, data);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "PayloadReader", input.toString());
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    QueueFile queue = QueueFile.of(recording);
    long payload = queue.indexOf(java.util.Arrays.copyOfRange(data, 100_000, 100_064));
    assertTrue(payload > 0, "the file's bytes are not in the recording");
    if (truncate) {
      queue.truncate(payload);
    } else {
      queue.flip(payload, 16);
    }
    return replay(jvm, recording);
  }

  private static Outcome recordIntoExistingDirectory(Jvm jvm) {
    Path existing = Scratch.dir("existing-out");
    write(existing.resolve("keep.txt"), "the user's file\n");
    Outcome outcome = record(jvm, existing);
    assertEquals("the user's file\n", read(existing.resolve("keep.txt")), "record touched the existing directory");
    return outcome;
  }

  private static Outcome recordUnderAFile(Jvm jvm) {
    Path file = Scratch.dir("file-parent").resolve("a-file");
    write(file, "a regular file, not a directory\n");
    return record(jvm, file.resolve("recording"));
  }

  private static Outcome record(Jvm jvm, Path out) {
    return TtdRun.cliRecord(jvm, Scratch.dir("cli-record"), out, Sample.LOTTERY);
  }

  private static Outcome unknownAgentOption(Jvm jvm) {
    List<String> cmd =
        List.of(
            jvm.java(),
            "-javaagent:" + TtdRun.jar() + "=bogus=1",
            "-cp",
            Sample.LOTTERY.classPath(),
            Sample.LOTTERY.mainClass());
    return Exec.run(cmd, Scratch.dir("agent-option"));
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static void write(Path file, String text) {
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
