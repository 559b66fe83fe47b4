package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Virtual threads (JDK 21+) are not scheduled yet: a program that starts one is refused at its
 * first start with one {@code ttd:} sentence, goes on unrecorded to the same output and exit status
 * as without ttd, and its recording is refused by the replay and the debugger, which run none of
 * it. A replay that starts one where the recorded run did not has diverged. The same program on
 * platform threads records and replays as before, on every JDK.
 */
class VirtualThreadsTest {

  /** The record-time sentence, its beginning. */
  private static final String REFUSED_AT_RECORD = "ttd: the program starts a virtual thread, which ttd cannot record yet";

  /**
   * Two hundred tasks through {@code Executors.newVirtualThreadPerTaskExecutor()}, one
   * {@code Thread.ofVirtual().start(...)}, while a platform worker runs; or the same on platform
   * threads, a pool of four (argument {@code platform}). Virtual threads through reflection, so
   * that it compiles for release 17. Exits with status 3, so an exit status ttd changed would show.
   */
  private static final String PROGRAM =
      String.join(
          "\n",
          "import java.util.concurrent.ExecutorService;",
          "import java.util.concurrent.Executors;",
          "import java.util.concurrent.atomic.AtomicInteger;",
          "public class Greeter {",
          "  public static void main(String[] args) throws Exception {",
          "    boolean virtual = args.length == 0;",
          "    AtomicInteger ran = new AtomicInteger();",
          "    Thread worker = new Thread(() -> { for (int i = 0; i < 10_000; i++) { synchronized (Greeter.class) { ran.incrementAndGet(); } } });",
          "    worker.start();",
          "    System.out.println(\"before\");",
          "    ExecutorService pool = virtual",
          "        ? (ExecutorService) Executors.class.getMethod(\"newVirtualThreadPerTaskExecutor\").invoke(null)",
          "        : Executors.newFixedThreadPool(4);",
          "    for (int i = 0; i < 200; i++) {",
          "      pool.submit(() -> { Thread.sleep(1); return ran.incrementAndGet(); });",
          "    }",
          "    pool.shutdown();",
          "    pool.awaitTermination(1, java.util.concurrent.TimeUnit.HOURS);",
          "    Runnable hello = () -> System.out.println(\"hello from a \" + (virtual ? \"virtual\" : \"platform\") + \" thread\");",
          "    Thread one = virtual",
          "        ? (Thread) Class.forName(\"java.lang.Thread$Builder\").getMethod(\"start\", Runnable.class)",
          "            .invoke(Thread.class.getMethod(\"ofVirtual\").invoke(null), hello)",
          "        : new Thread(hello);",
          "    if (!virtual) {",
          "      one.start();",
          "    }",
          "    one.join();",
          "    worker.join();",
          "    System.out.println(\"after \" + ran.get());",
          "    System.exit(3);",
          "  }",
          "}");

  @TestFactory
  List<DynamicTest> aProgramStartingVirtualThreadsIsRefusedAtRecordAndItsRecordingReplaysNothing() {
    return onEachJdk("virtual threads are refused", true, VirtualThreadsTest::refused);
  }

  /**
   * Creates a virtual thread (the JDK initialises its scheduler then) and starts it only when
   * compiled with {@code START} true, which is how the test changes the program after recording.
   */
  private static final String CHANGED =
      String.join(
          "\n",
          "public class Changed {",
          "  static final boolean START = false;",
          "  public static void main(String[] args) throws Exception {",
          "    Runnable hello = () -> System.out.println(\"hello from a virtual thread\");",
          "    Thread one = (Thread) Class.forName(\"java.lang.Thread$Builder\").getMethod(\"unstarted\", Runnable.class)",
          "        .invoke(Thread.class.getMethod(\"ofVirtual\").invoke(null), hello);",
          "    System.out.println(\"created\");",
          "    if (START) {",
          "      one.start();",
          "      one.join();",
          "    }",
          "    System.out.println(\"done\");",
          "  }",
          "}");

  @TestFactory
  List<DynamicTest> aReplayThatStartsAVirtualThreadTheRecordedRunDidNotDiverges() {
    return onEachJdk("a virtual thread only in the replay", true, VirtualThreadsTest::startedOnlyInReplay);
  }

  @TestFactory
  List<DynamicTest> theSameProgramOnPlatformThreadsRecordsAndReplaysAsBefore() {
    return onEachJdk("platform threads replay", false, VirtualThreadsTest::platformThreadsReplay);
  }

  /** {@code test} on each JDK under test, or only on those with virtual threads (21+). */
  private static List<DynamicTest> onEachJdk(String what, boolean needsVirtualThreads, Consumer<Jvm> test) {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      if (!needsVirtualThreads || jvm.feature() >= 21) {
        tests.add(dynamicTest(what + " on " + jvm.label(), () -> test.accept(jvm)));
      }
    }
    return tests;
  }

  private static void refused(Jvm jvm) {
    Path work = Scratch.dir("virtual-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Greeter", PROGRAM);
    Outcome plain = Exec.run(List.of(jvm.java(), "-cp", classes.toString(), "Greeter"), work);
    assertEquals(3, plain.exitStatus(), plain.describe());
    assertEquals(List.of("before", "hello from a virtual thread", "after 10200"), plain.stdoutLines(), plain.describe());

    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Greeter");
    String context = "\nrecorded:" + recorded.describe();
    assertEquals(plain.exitStatus(), recorded.exitStatus(), "the program's exit status, unchanged" + context);
    assertEquals(plain.stdoutLines(), recorded.stdoutLines(), "the program's output, unchanged" + context);
    assertEquals(1, recorded.stderrLines().size(), "one ttd: sentence, nothing else" + context);
    assertTrue(recorded.stderr().startsWith(REFUSED_AT_RECORD), context);
    assertTrue(recorded.stderr().contains("platform threads"), "it says what to do instead" + context);

    Outcome replayed = TtdRun.replay(jvm, recording);
    context += "\nreplayed:" + replayed.describe();
    assertEquals(2, replayed.exitStatus(), "a refused recording is not replayed" + context);
    assertEquals("", replayed.stdout(), "nothing of the program runs" + context);
    assertOneSentence(replayed, context);

    Outcome debugged = TtdRun.cli(jvm, work, "debug", recording.toString());
    context += "\ndebugged:" + debugged.describe();
    assertEquals(2, debugged.exitStatus(), "the debugger refuses it too" + context);
    assertOneSentence(debugged, context);

    Outcome info = TtdRun.cli(jvm, work, "info", recording.toString());
    assertTrue(info.stdout().contains("the recording stopped early: the program started a virtual thread"),
        "info says why it stopped" + context + "\ninfo:" + info.describe());
  }

  private static void startedOnlyInReplay(Jvm jvm) {
    Path work = Scratch.dir("virtual-changed-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Changed", CHANGED);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Changed");
    String context = "\nrecorded:" + recorded.describe();
    assertEquals(0, recorded.exitStatus(), context);
    assertEquals(List.of("created", "done"), recorded.stdoutLines(), context);
    assertEquals("", recorded.stderr(), "creating a virtual thread without starting it is not refused" + context);
    JavaSource.compile(classes, "Changed", CHANGED.replace("START = false", "START = true"));
    Outcome replayed = TtdRun.replay(jvm, recording);
    context += "\nreplayed:" + replayed.describe();
    assertEquals(86, replayed.exitStatus(), "a divergence" + context);
    assertEquals(List.of("created"), replayed.stdoutLines(), "the virtual thread never runs" + context);
    assertTrue(replayed.stderr().contains("replay diverged: the program starts a virtual thread, which the recorded run did not"),
        context);
  }

  private static void assertOneSentence(Outcome refusal, String context) {
    assertEquals(1, refusal.stderrLines().size(), "one ttd: sentence, no stack dump" + context);
    assertTrue(refusal.stderr().startsWith("ttd: the recording at "), context);
    assertTrue(refusal.stderr().contains("cannot be replayed: it stops where the program started a virtual thread"),
        context);
  }

  private static void platformThreadsReplay(Jvm jvm) {
    Path work = Scratch.dir("platform-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Greeter", PROGRAM);
    Path recording = work.resolve("recording");
    Outcome recorded = TtdRun.record(jvm, recording, classes.toString(), "Greeter", "platform");
    String context = "\nrecorded:" + recorded.describe();
    assertEquals(3, recorded.exitStatus(), context);
    assertEquals(List.of("before", "hello from a platform thread", "after 10200"), recorded.stdoutLines(), context);
    assertFalse(recorded.stderr().contains("virtual thread"), "no refusal for platform threads" + context);
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "platform threads");
    assertEquals(3, replayed.exitStatus(), context + "\nreplayed:" + replayed.describe());
  }
}
