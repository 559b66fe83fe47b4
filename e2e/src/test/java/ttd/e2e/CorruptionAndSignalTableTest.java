package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The corruption and signal table of {@code docs/corruption-and-signals.md}: recordings truncated,
 * with bits flipped, with files swapped, removed or edited, and programs, ttd and replays stopped by
 * each signal; for each, what ttd answered, on every JDK under test. Every case must end (the
 * process timeout is the hang guard), print no stack trace nor Chronicle's internals, and never
 * replay silently wrong: a replay that exits with the recorded status without a {@code ttd:} line
 * printed exactly what the recording printed.
 *
 * <p>The table is written to {@code e2e/target/corruption-and-signals.md} on every run, and to
 * {@code docs/} with {@code -Dttd.table.write=true}, so the document is this test's output.
 */
class CorruptionAndSignalTableTest {

  private static final String LEDGER =
      String.join(
          "\n",
          "import java.nio.file.*;",
          "public class Ledger {",
          "  public static void main(String[] args) throws Exception {",
          "    byte[] data = Files.readAllBytes(Paths.get(args[0]));",
          "    long sum = 0;",
          "    for (int i = 0; i < 40; i++) {",
          "      sum = sum * 31 + data[(i * 7919) % data.length] + System.nanoTime() % 3;",
          "      System.out.println(\"entry \" + i + \" \" + sum);",
          "    }",
          "    System.exit(3);",
          "  }",
          "}",
          "");

  /** By case, in order: what was done, then by JDK label what ttd answered. */
  private static final Map<String, String> DONE = new LinkedHashMap<>();
  private static final Map<String, Map<String, String>> ANSWERS = new LinkedHashMap<>();

  /** One JDK's base material: the program, its input and a complete recording of it. */
  private static final class Base {
    final Jvm jvm;
    final Path work;
    final Path classes;
    final Path input;
    final Path recording;
    final Outcome recorded;

    Base(Jvm jvm) {
      this.jvm = jvm;
      this.work = Scratch.dir("table-" + jvm.label());
      this.classes = JavaSource.compile(work.resolve("classes"), "Ledger", LEDGER);
      this.input = work.resolve("input.bin");
      byte[] data = new byte[300 << 10];
      for (int i = 0; i < data.length; i++) {
        data[i] = (byte) ('a' + (i * 7 + i / 13) % 26);
      }
      write(input, data);
      this.recording = work.resolve("recording");
      this.recorded = TtdRun.record(jvm, recording, classes.toString(), "Ledger", input.toString());
    }

    /** A fresh copy of the recording to damage. */
    Path copy(String name) {
      return Scratch.copyOf(recording, name);
    }

    /** Another recording of the same program. */
    Path another() {
      Path other = Scratch.dir("table-other-" + jvm.label()).resolve("recording");
      TtdRun.record(jvm, other, classes.toString(), "Ledger", input.toString());
      return other;
    }
  }

  /** A case: its name, what was done, and how to do it and replay on one JDK's base. */
  private static final class Case {
    final String name;
    final String done;
    final BiFunction<Base, Path, Path> damage;

    Case(String name, String done, BiFunction<Base, Path, Path> damage) {
      this.name = name;
      this.done = done;
      this.damage = damage;
    }
  }

  private static final Map<String, Base> BASES = new LinkedHashMap<>();

  /** The JDK's base recording, made once (the cases of one JDK may run in parallel). */
  private static Base base(Jvm jvm) {
    synchronized (BASES) {
      return BASES.computeIfAbsent(jvm.label(), k -> {
        Base b = new Base(jvm);
        JavaSource.compile(b.classes, "Ledger2", LEDGER.replace("class Ledger", "class Ledger2"));
        return b;
      });
    }
  }

  private static List<Case> corruptions() {
    return List.of(
        new Case("truncated to 0 bytes", "the queue file (`*.cq4`) cut to 0 bytes",
            (b, r) -> { QueueFile.of(r).truncate(0); return r; }),
        new Case("truncated inside Chronicle's header", "the queue file cut to 100 bytes",
            (b, r) -> { QueueFile.of(r).truncate(100); return r; }),
        new Case("truncated to 40%", "the queue file cut to 40% of its written bytes",
            (b, r) -> { QueueFile q = QueueFile.of(r); q.truncate(q.writtenEnd() * 40 / 100); return r; }),
        new Case("truncated in the middle of the events", "cut in the middle of the recorded events",
            (b, r) -> { QueueFile q = QueueFile.of(r); q.truncate(q.middleOfData()); return r; }),
        new Case("truncated before the end document", "the last 16 written bytes cut off",
            (b, r) -> { QueueFile q = QueueFile.of(r); q.truncate(q.writtenEnd() - 16); return r; }),
        new Case("truncated inside a read's payload", "cut inside the 300 KB the program read",
            (b, r) -> { QueueFile q = QueueFile.of(r); q.truncate(payload(b, q)); return r; }),
        new Case("bits flipped in Chronicle's header", "16 bytes inverted at offset 64 of the queue file",
            (b, r) -> { QueueFile.of(r).flip(64, 16); return r; }),
        new Case("bits flipped in the events", "16 bytes inverted in the middle of the recorded events",
            (b, r) -> { QueueFile q = QueueFile.of(r); q.flip(q.middleOfData(), 16); return r; }),
        new Case("bits flipped in a read's payload", "16 bytes inverted inside the 300 KB the program read",
            (b, r) -> { QueueFile q = QueueFile.of(r); q.flip(payload(b, q), 16); return r; }),
        new Case("bits flipped in the end document", "8 bytes inverted just before the end of the written bytes",
            (b, r) -> { QueueFile q = QueueFile.of(r); q.flip(q.writtenEnd() - 12, 8); return r; }),
        new Case("Chronicle's metadata file damaged", "`metadata.cq4t` cut to 1000 bytes",
            (b, r) -> { truncate(r.resolve("queue/metadata.cq4t"), 1000); return r; }),
        new Case("Chronicle's metadata file removed", "`metadata.cq4t` deleted",
            (b, r) -> { delete(r.resolve("queue/metadata.cq4t")); return r; }),
        new Case("queue file removed", "the `*.cq4` file deleted",
            (b, r) -> { delete(QueueFile.of(r).path()); return r; }),
        new Case("header removed", "`recording.properties` deleted",
            (b, r) -> { delete(r.resolve("recording.properties")); return r; }),
        new Case("log of another run", "the queue of another recording of the same program copied in",
            (b, r) -> { replaceQueue(r, b.another()); return r; }),
        new Case("header of another run", "`recording.properties` of another recording of the same program copied in",
            (b, r) -> { copyFile(b.another().resolve("recording.properties"), r.resolve("recording.properties")); return r; }),
        new Case("header edited: exit status", "`exit.status=3` changed to `exit.status=0` in the header",
            (b, r) -> { edit(r, "\nexit.status=3\n", "\nexit.status=0\n"); return r; }),
        new Case("header edited: main class", "`main.class` changed to another class of the class path",
            (b, r) -> { edit(r, "\nmain.class=Ledger\n", "\nmain.class=Ledger2\n"); return r; }),
        new Case("header edited: format version", "`format.version` changed to 3 (an older format, which has no recording id)",
            (b, r) -> { edit(r, "\nformat.version=5\n", "\nformat.version=3\n"); return r; }),
        new Case("header edited: recording id", "the last digit of `recording.id` changed",
            (b, r) -> { editId(r); return r; }));
  }

  @TestFactory
  List<DynamicContainer> everyDamagedRecordingIsRefusedOrReplaysAsRecordedAndNothingHangsOrDumpsAStack() {
    List<DynamicContainer> perJdk = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      List<DynamicTest> tests = new ArrayList<>();
      for (Case c : corruptions()) {
        tests.add(DynamicTest.dynamicTest(c.name, () -> {
          Base base = base(jvm);
          Path damaged = c.damage.apply(base, base.copy(c.name.replaceAll("[^a-z0-9]+", "-")));
          Outcome replayed = TtdRun.replay(jvm, damaged);
          note(c.name, c.done, jvm, replayed, damaged);
          assertNotSilentlyWrong(base.recorded, replayed, c.name + " on " + jvm);
        }));
      }
      perJdk.add(DynamicContainer.dynamicContainer(jvm.label(), tests));
    }
    return perJdk;
  }

  @TestFactory
  List<DynamicContainer> everySignalEndsWithASentenceOrAFaithfulReplay() {
    List<DynamicContainer> perJdk = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      List<DynamicTest> tests = new ArrayList<>();
      for (String signal : new String[] {"TERM", "INT", "HUP", "KILL", "USR1"}) {
        tests.add(DynamicTest.dynamicTest("SIG" + signal + " to the recorded program", () -> {
          SignalEndTest.assumeDeliverable(signal);
          Path work = Scratch.dir("table-sig-" + signal + "-" + jvm.label());
          Path classes = JavaSource.compile(work.resolve("classes"), "Waiter", SignalEndTest.WAITER);
          Path recording = work.resolve("recording");
          Exec running = Exec.start(TtdRun.recordCommand(jvm, recording, List.of(), classes.toString(), "Waiter", List.of()),
              work, new byte[0]);
          SignalEndTest.waitForLine(running, "waiting");
          SignalEndTest.kill(signal, running.pid());
          Outcome recorded = running.await();
          Outcome replayed = TtdRun.replay(jvm, recording);
          String name = "SIG" + signal + " to the recorded program";
          note(name, "the recorded JVM, waiting in a sleep after its output, gets SIG" + signal
              + "; it exited with " + recorded.exitStatus() + ", and the recording is replayed", jvm, replayed, recording);
          assertNotSilentlyWrong(recorded, replayed, name + " on " + jvm);
        }));
      }
      tests.add(DynamicTest.dynamicTest("SIGTERM to ttd replay", () -> {
        Path work = Scratch.dir("table-replay-term-" + jvm.label());
        Path classes = JavaSource.compile(work.resolve("classes"), "Cruncher", SignalEndTest.CRUNCHER);
        Path recording = work.resolve("recording");
        TtdRun.record(jvm, recording, classes.toString(), "Cruncher");
        Exec ttd = Exec.start(List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "replay", recording.toString()), work, new byte[0]);
        SignalEndTest.waitForLine(ttd, "crunching");
        ProcessHandle child = ProcessHandle.of(ttd.pid()).orElseThrow().children().findFirst().orElseThrow();
        SignalEndTest.kill("TERM", ttd.pid());
        Outcome replayed = ttd.await();
        note("SIGTERM to ttd replay", "`ttd replay` of a long computation gets SIGTERM (as from `timeout`)", jvm, replayed, recording);
        assertFalse(child.isAlive(), "the replay JVM ran on");
        assertTrue(replayed.stderr().startsWith("ttd: "), replayed.describe());
      }));
      perJdk.add(DynamicContainer.dynamicContainer(jvm.label(), tests));
    }
    return perJdk;
  }

  /** No hang (the process timeout), no stack trace, and a silent replay is a faithful one. */
  private static void assertNotSilentlyWrong(Outcome recorded, Outcome replayed, String what) {
    String context = what + "\nrecorded:" + recorded.describe() + "\nreplayed:" + replayed.describe();
    assertFalse(replayed.stdout().contains("\tat ") || replayed.stderr().contains("\tat ")
        && !replayed.stderr().contains("ttd:   stack of thread"), "a stack trace, " + context);
    assertFalse(replayed.stderr().contains("Exception in thread"), "an exception, " + context);
    assertFalse(replayed.stderr().matches("(?s).*(ClassNotFoundException|UnsupportedOperationException|SCQSIndex|net\\.openhft).*"),
        "Chronicle's internals in a message, " + context);
    boolean said = replayed.stderrLines().stream().anyMatch(l -> l.startsWith("ttd: "));
    if (!said) {
      assertTrue(replayed.exitStatus() == recorded.exitStatus() && replayed.stdout().equals(recorded.stdout())
          && replayed.stderr().equals(recorded.stderr()), "replayed differently without a word, " + context);
    } else if (replayed.exitStatus() == recorded.exitStatus()) {
      assertTrue(replayed.stdout().equals(recorded.stdout()), "printed other output with the recorded status, " + context);
    }
  }

  private static void note(String name, String done, Jvm jvm, Outcome replayed, Path recording) {
    synchronized (ANSWERS) {
      DONE.putIfAbsent(name, done);
      String first = replayed.stderrLines().stream().filter(l -> l.startsWith("ttd: ") && !l.startsWith("ttd: this recording is incomplete"))
          .findFirst().orElse("");
      String answer = "status " + replayed.exitStatus() + (first.isEmpty()
          ? ", the recorded output, no message"
          : ": " + normalize(first.substring(5), recording));
      ANSWERS.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(jvm.label(), answer);
    }
  }

  /** Paths and numbers that differ from run to run, made stable for the document. */
  private static String normalize(String line, Path recording) {
    return line.replace(recording.toAbsolutePath().toString(), "REC")
        .replaceAll("/[^ ]*e2e-work/[^ ]*?/recording", "REC")
        .replaceAll("document \\d+", "document N")
        .replaceAll("event #\\d+", "event #N")
        .replaceAll("id [0-9a-f]+-[0-9a-f]+-[0-9a-f]+", "id ID1")
        .replaceAll("is [0-9a-f]+-[0-9a-f]+-[0-9a-f]+", "is ID2")
        .replace("|", "\\|");
  }

  @AfterAll
  static void writeTheTable() throws IOException {
    if (ANSWERS.isEmpty()) {
      return;
    }
    List<String> jdks = new ArrayList<>();
    ANSWERS.values().forEach(m -> m.keySet().forEach(k -> { if (!jdks.contains(k)) jdks.add(k); }));
    StringBuilder b = new StringBuilder();
    b.append("# Corruption and signal table\n\n")
        .append("Generated by `CorruptionAndSignalTableTest` (e2e): `mvn -B verify -pl e2e -Dit.test=CorruptionAndSignalTableTest")
        .append(" -Dsurefire.skip=true -Dttd.table.write=true` rewrites this file. Each case damages a copy of a complete")
        .append(" recording of a small program (it reads a 300 KB file, prints 40 lines with clock readings and exits")
        .append(" with status 3), or stops a process with a signal, then runs `ttd replay`. The test fails if any case")
        .append(" hangs, prints a stack trace, or replays silently wrong (the recorded status without a `ttd:` line,")
        .append(" but other output). `REC`, `N`, `ID1`/`ID2` stand for the recording's path, numbers and ids that differ")
        .append(" between runs.\n\n")
        .append("| case | what was done | ").append(String.join(" | ", jdks)).append(" |\n")
        .append("|---|---|").append("---|".repeat(jdks.size())).append("\n");
    for (Map.Entry<String, Map<String, String>> row : ANSWERS.entrySet()) {
      b.append("| ").append(row.getKey()).append(" | ").append(DONE.get(row.getKey()));
      for (String jdk : jdks) {
        b.append(" | ").append(row.getValue().getOrDefault(jdk, "-"));
      }
      b.append(" |\n");
    }
    Path target = Paths.get("target", "corruption-and-signals.md");
    Files.writeString(target, b.toString(), StandardCharsets.UTF_8);
    if (Boolean.getBoolean("ttd.table.write")) {
      Files.writeString(Paths.get("..", "docs", "corruption-and-signals.md"), b.toString(), StandardCharsets.UTF_8);
    }
  }

  private static long payload(Base b, QueueFile q) {
    try {
      byte[] data = Files.readAllBytes(b.input);
      long at = q.indexOf(java.util.Arrays.copyOfRange(data, 100_000, 100_064));
      assertTrue(at > 0, "the input's bytes are not in the recording");
      return at;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path p, byte[] data) {
    try {
      Files.write(p, data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void truncate(Path p, long size) {
    try (var ch = java.nio.channels.FileChannel.open(p, java.nio.file.StandardOpenOption.WRITE)) {
      ch.truncate(size);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void delete(Path p) {
    try {
      Files.delete(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void copyFile(Path from, Path to) {
    try {
      Files.copy(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void replaceQueue(Path recording, Path other) {
    Exec.run(List.of("rm", "-rf", recording.resolve("queue").toString()), recording);
    Exec.run(List.of("cp", "-a", other.resolve("queue").toString(), recording.resolve("queue").toString()), recording);
  }

  private static void edit(Path recording, String from, String to) {
    Path header = recording.resolve("recording.properties");
    try {
      String text = Files.readString(header, StandardCharsets.UTF_8);
      assertTrue(text.contains(from), "no '" + from.trim() + "' in the header:\n" + text);
      Files.writeString(header, text.replace(from, to), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void editId(Path recording) {
    Path header = recording.resolve("recording.properties");
    try {
      String text = Files.readString(header, StandardCharsets.UTF_8);
      int at = text.indexOf("\nrecording.id=");
      int end = text.indexOf('\n', at + 1);
      char last = text.charAt(end - 1);
      Files.writeString(header, text.substring(0, end - 1) + (last == '0' ? '1' : '0') + text.substring(end), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
