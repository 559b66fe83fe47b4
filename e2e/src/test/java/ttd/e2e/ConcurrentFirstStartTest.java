package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The first runs of a newly installed ttd.jar unpack its nested libraries into a cache; several
 * programs started at the same moment under a new ttd.jar (a parallel test run, a batch of jobs)
 * must all be recorded, whichever of them unpacks the cache.
 */
class ConcurrentFirstStartTest {

  private static final int PROGRAMS = 4;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void programsStartedTogetherUnderANewTtdJarAreAllRecorded(Jvm jvm) {
    Path freshJar = TtdRun.takeSnapshot(TtdRun.builtJar());
    Path work = Scratch.dir("first-start-" + jvm.label());
    List<Path> recordings = new ArrayList<>();
    List<Exec> running = new ArrayList<>();
    for (int i = 0; i < PROGRAMS; i++) {
      Path recording = work.resolve("recording-" + i);
      recordings.add(recording);
      List<String> cmd =
          List.of(
              jvm.java(),
              "-javaagent:" + freshJar + "=out=" + recording + ",quiet",
              "-cp",
              Sample.LOTTERY.classPath(),
              Sample.LOTTERY.mainClass());
      running.add(Exec.start(cmd, work, new byte[0]));
    }
    List<Outcome> outcomes = new ArrayList<>();
    running.forEach(r -> outcomes.add(r.await()));

    for (int i = 0; i < PROGRAMS; i++) {
      Outcome outcome = outcomes.get(i);
      String context = " (program " + (i + 1) + " of " + PROGRAMS + " started together under " + freshJar + "):" + outcome.describe();
      assertTrue(
          outcome.stderrLines().stream().noneMatch(l -> l.startsWith("ttd: ")),
          "a quiet agent prints no ttd: line" + context);
      assertTrue(Files.isRegularFile(recordings.get(i).resolve("recording.properties")), "no recording was made" + context);
    }
  }
}
