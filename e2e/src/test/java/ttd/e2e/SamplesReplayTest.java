package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every sample (except the ten-second HeartbeatMonitor, see {@link SleepReplayTest}) recorded once
 * per JDK and replayed five times, each replay in a fresh JVM: the replays print the recording's
 * stdout and stderr byte for byte and exit with its status.
 */
class SamplesReplayTest {

  private static final int REPLAYS = 5;

  @TestFactory
  List<DynamicTest> replaysEverySampleFiveTimesWithIdenticalOutput() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Jvm jvm : Jvm.all()) {
      for (Sample sample : Sample.values()) {
        if (sample == Sample.HEARTBEAT_MONITOR) {
          continue;
        }
        tests.add(
            dynamicTest(
                sample.simpleName() + " recorded and replayed " + REPLAYS + " times on " + jvm.label(),
                () -> recordOnceAndReplayFiveTimes(sample, jvm)));
      }
    }
    return tests;
  }

  private static void recordOnceAndReplayFiveTimes(Sample sample, Jvm jvm) {
    Path recording = Scratch.dir(sample.simpleName() + "-" + jvm.label()).resolve("recording");
    Outcome recorded = sample.record(jvm, recording, List.of());
    assertTrue(
        Files.isRegularFile(recording.resolve("recording.properties")),
        "the agent left no recording in " + recording + ":" + recorded.describe());
    ReplayAssertions.assertSuccessMeansExitSuccess(recorded);
    for (int i = 1; i <= REPLAYS; i++) {
      Outcome replayed = TtdRun.replay(jvm, recording);
      ReplayAssertions.assertSameOutput(
          recorded, replayed, "replay " + i + " of " + REPLAYS + " of " + sample.simpleName() + " on " + jvm);
    }
  }
}
