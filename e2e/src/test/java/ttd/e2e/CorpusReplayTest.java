package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import ttd.compat.Corpus;
import ttd.compat.Corpus.KnownFailure;

/**
 * The compatibility corpus (module {@code compat}): every program on a popular library is recorded
 * once and replayed once on each JDK with its temp files gone, and must print the same bytes and
 * exit with the same status, creating nothing. A program listed in {@code compat/known-failures.txt}
 * for a JDK must still fail there, so the list is corrected the moment it starts passing; one
 * listed as intermittent (class followed by {@code ?}) is reported as skipped when it fails.
 *
 * <p>The runs go {@code ttd.compat.parallel} (default 3) at a time, since each is mostly one
 * serialized program thread and JVM start-up; one dynamic test per program and JDK reports each.
 */
class CorpusReplayTest {

  private static final int PARALLEL = Integer.getInteger("ttd.compat.parallel", 3);

  @TestFactory
  Stream<DynamicTest> everyCorpusProgramReplaysAsRecordedWithItsFilesGone() {
    Path classes = Paths.get(CorpusRun.property("ttd.compat.classes"));
    List<String> programs = Corpus.programs(classes);
    assertTrue(programs.size() >= 30, "the corpus has " + programs.size() + " programs: " + programs);
    Map<String, KnownFailure> known = Corpus.knownFailures(Paths.get(CorpusRun.property("ttd.compat.known")));
    List<String> shortNames = programs.stream().map(Corpus::shortName).toList();
    for (String listed : known.keySet()) {
      assertTrue(shortNames.contains(listed), "known-failures.txt lists " + listed + ", which is no corpus program");
    }
    String classPath = CorpusRun.classPath();
    TtdRun.jar();
    ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
    List<DynamicTest> tests = new ArrayList<>();
    for (String main : programs) {
      for (Jvm jvm : Jvm.all()) {
        Future<CorpusRun> run = pool.submit(() -> CorpusRun.of(jvm, classPath, main));
        Optional<KnownFailure> expected = Corpus.knownFailure(known, main, jvm.feature());
        tests.add(DynamicTest.dynamicTest(Corpus.shortName(main) + " on " + jvm.label(), () -> check(await(run), expected)));
      }
    }
    pool.shutdown(); // its threads end with the last run; each test waits for its own
    return tests.stream();
  }

  private static void check(CorpusRun run, Optional<KnownFailure> expected) {
    if (expected.isPresent()) {
      KnownFailure k = expected.get();
      if (k.intermittent()) {
        assumeTrue(run.identical(), "known-failures.txt lists it as intermittent, class " + k.failureClass() + " ("
            + k.reason() + "), and this run failed" + run.describe());
        assertEquals(List.of(), run.leftBehind(), "the replay created files" + run.describe());
        return;
      }
      assertFalse(run.identical(), "known-failures.txt lists it as class " + k.failureClass() + " (" + k.reason()
          + "), but it now replays identically: remove its line" + run.describe());
      return;
    }
    if (!run.identical()) {
      fail("it does not replay as recorded: " + run.describe());
    }
    assertEquals(List.of(), run.leftBehind(), "the replay created files" + run.describe());
  }

  private static CorpusRun await(Future<CorpusRun> run) throws Exception {
    try {
      return run.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  /** The corpus's classes and every jar of its libraries, in name order. */
}
