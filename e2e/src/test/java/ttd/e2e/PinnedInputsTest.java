package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The agent's {@code clock=INSTANT,seed=N} options pin a program's nondeterministic inputs: the
 * same pins give the same run, another seed gives other random values, and the program's clock
 * reads the pinned instant. With {@code chaos}, the seed also pins the schedule's random choices.
 */
class PinnedInputsTest {

  private static final String CLOCK = "2025-01-01T09:00:00Z";
  /** The pinned clock starts at {@link #CLOCK} and advances only a little during a short program. */
  private static final String PINNED_PREFIX = "2025-01-01T09:00:0";

  private static final String INPUTS =
      String.join(
          "\n",
          "import java.time.Instant;",
          "import java.util.Random;",
          "import java.util.UUID;",
          "public class Inputs {",
          "  public static void main(String[] args) {",
          "    if (args.length > 0 && args[0].equals(\"instant-now\")) {",
          "      System.out.println(\"instant-now=\" + Instant.now());",
          "      return;",
          "    }",
          "    System.out.println(\"clock=\" + Instant.ofEpochMilli(System.currentTimeMillis()));",
          "    System.out.println(\"random=\" + new Random().nextInt());",
          "    System.out.println(\"uuid=\" + UUID.randomUUID());",
          "    System.out.println(\"math-random=\" + Math.random());",
          "  }",
          "}",
          "");

  private static final Memo<Outcome> RUNS = new Memo<>();
  private static final Memo<Path> CLASSES = new Memo<>();

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void twoRecordingsWithTheSameClockAndSeedPrintIdenticalOutput(Jvm jvm) {
    Outcome first = run(jvm, "seed=42", 1, "random");
    Outcome second = run(jvm, "seed=42", 2, "random");
    assertEquals(0, first.exitStatus(), "first run failed:" + first.describe());
    assertEquals(0, second.exitStatus(), "second run failed:" + second.describe());
    assertEquals(4, first.stdoutLines().size(), "the program prints four lines:" + first.describe());
    assertEquals(first.stdout(), second.stdout(), "same pins, different output:\nfirst:" + first.describe() + "\nsecond:" + second.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void recordingsWithDifferentSeedsPrintDifferentRandomValues(Jvm jvm) {
    Outcome seed42 = run(jvm, "seed=42", 1, "random");
    Outcome seed7 = run(jvm, "seed=7", 1, "random");
    assertEquals(0, seed42.exitStatus(), "seed 42 run failed:" + seed42.describe());
    assertEquals(0, seed7.exitStatus(), "seed 7 run failed:" + seed7.describe());
    for (String key : List.of("random=", "uuid=", "math-random=")) {
      assertNotEquals(
          line(seed42, key),
          line(seed7, key),
          "seeds 42 and 7 gave the same " + key + "\nseed 42:" + seed42.describe() + "\nseed 7:" + seed7.describe());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void pinnedClockShowsTheGivenInstantToSystemCurrentTimeMillis(Jvm jvm) {
    Outcome run = run(jvm, "seed=42", 1, "random");
    assertEquals(0, run.exitStatus(), "run failed:" + run.describe());
    String clock = line(run, "clock=");
    assertTrue(clock.startsWith("clock=" + PINNED_PREFIX), "clock pinned to " + CLOCK + " shows " + clock + ":" + run.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void pinnedClockShowsTheGivenInstantToInstantNow(Jvm jvm) {
    Outcome run = run(jvm, "seed=42", 1, "instant-now");
    assertEquals(0, run.exitStatus(), "Instant.now() failed under clock=" + CLOCK + ":" + run.describe());
    String now = line(run, "instant-now=");
    assertTrue(now.startsWith("instant-now=" + PINNED_PREFIX), "clock pinned to " + CLOCK + " shows " + now + ":" + run.describe());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void chaosRecordingsWithTheSameSeedMakeTheSameScheduleDecisions(Jvm jvm) {
    List<String> seed5 = schedule(jvm, 5, 1);
    assertEquals(seed5, schedule(jvm, 5, 2), "the same seed, another schedule");
    assertTrue(seed5.stream().filter(l -> l.contains("SCHED_")).count() > 3, "three threads take turns: " + seed5);
    assertNotEquals(seed5, schedule(jvm, 6, 1), "seeds 5 and 6 drew the same schedule");
  }

  /**
   * The schedule decisions ({@code ttd events --schedule}, each with its thread and tick) of
   * BoxOffice (three threads selling seats) recorded with {@code chaos,seed=SEED}.
   */
  private static List<String> schedule(Jvm jvm, long seed, int n) {
    Path recording = Scratch.dir("chaos-seed-" + seed + "-" + n + "-" + jvm.label()).resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, List.of("chaos", "seed=" + seed), TtdRun.samplesClassPath(false),
        "ttd.samples.concurrency.BoxOffice", List.of(), new byte[0]);
    assertTrue(recorded.exitStatus() == 0 || recorded.stderr().contains("is oversold by"), recorded.describe());
    Outcome listed = TtdRun.cli(jvm, recording.getParent(), "events", recording.toString(), "--schedule");
    assertEquals(0, listed.exitStatus(), listed.describe());
    return listed.stdoutLines();
  }

  /** Records Inputs with {@code clock=CLOCK,<seed>}; each (jvm, seed, n, mode) is recorded once. */
  private static Outcome run(Jvm jvm, String seed, int n, String mode) {
    String key = jvm.java() + " " + seed + " " + n + " " + mode;
    return RUNS.get(
        key,
        () -> {
          Path classes =
              CLASSES.get(
                  "Inputs",
                  () -> JavaSource.compile(Scratch.dir("inputs").resolve("classes"), "Inputs", INPUTS));
          Path recording = Scratch.dir("pinned-" + jvm.label()).resolve("recording");
          return TtdRun.record(
              jvm, recording, List.of("clock=" + CLOCK, seed), classes.toString(), "Inputs", List.of(mode), new byte[0]);
        });
  }

  private static String line(Outcome run, String prefix) {
    return run.stdoutLines().stream()
        .filter(l -> l.startsWith(prefix))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no line starting with " + prefix + ":" + run.describe()));
  }
}
