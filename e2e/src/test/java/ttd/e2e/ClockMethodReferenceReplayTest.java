package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Clock reads through method references ({@code LongSupplier clock = System::nanoTime}, a
 * {@code Supplier<Long>}, {@code LongStream.generate(System::currentTimeMillis)}, on main and in a
 * started thread) replay the recorded values. The JDK makes the lambda's class from the reference
 * and no transformer sees it, so before, the replay read its own machine's clock there (the
 * corpus's {@code CompletableFutureChains} diverged at {@code supplyAsync(System::currentTimeMillis,
 * delayedExecutor(...))}).
 */
class ClockMethodReferenceReplayTest {

  private static final String PROGRAM = String.join("\n",
      "import java.util.function.LongSupplier;",
      "import java.util.function.Supplier;",
      "import java.util.stream.LongStream;",
      "public class Stopwatch {",
      "  public static void main(String[] args) throws Exception {",
      "    LongSupplier nanos = System::nanoTime;",
      "    Supplier<Long> millis = System::currentTimeMillis;",
      "    long start = nanos.getAsLong();",
      "    System.out.println(\"millis \" + millis.get() + \" nanos \" + start);",
      "    System.out.println(\"stream \" + LongStream.generate(System::currentTimeMillis).limit(3).boxed().toList());",
      "    long[] seen = new long[1];",
      "    Thread worker = new Thread(() -> seen[0] = nanos.getAsLong() - start, \"worker\");",
      "    worker.start();",
      "    worker.join();",
      "    System.out.println(\"worker \" + seen[0] + \" elapsed \" + (nanos.getAsLong() - start));",
      "  }",
      "}");

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void clockReadsThroughMethodReferencesReplayTheRecordedValues(Jvm jvm) {
    Path work = Scratch.dir("clock-method-ref-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Stopwatch", PROGRAM);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Stopwatch");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(3, recorded.stdoutLines().size(), recorded.describe());
    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")),
        "replay of clock reads through method references");
  }
}
