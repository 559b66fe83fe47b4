package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A replay does not really sleep: HeartbeatMonitor sleeps ten times one second while recording,
 * and its replay, which needs no waiting, finishes in a fraction of that with the same output.
 *
 * <p>This is the suite's only timed assertion. It runs isolated from the other tests, and the
 * bound is generous (a replay of any sample takes about 2 s on a quiet machine, 4 s under heavy
 * load, a sleeping one would take over 10 s);
 * the fastest of up to three replays counts, so one replay slowed by an unrelated load on the
 * machine does not decide the result, while a replay that really sleeps fails all three.
 */
@Isolated("measures wall time")
class SleepReplayTest {

  private static final Duration RECORDED_SLEEP = Duration.ofSeconds(10);
  private static final Duration REPLAY_BOUND = Duration.ofSeconds(6);
  private static final int ATTEMPTS = 3;

  @Test
  void replayOfTenSecondsOfSleepingFinishesInUnderSixSecondsWithIdenticalOutput() {
    Jvm jvm = Jvm.current();
    Path recording = Scratch.dir("heartbeat").resolve("recording");
    Outcome recorded = Sample.HEARTBEAT_MONITOR.record(jvm, recording, List.of());
    assertTrue(
        recorded.wallTime().compareTo(RECORDED_SLEEP) >= 0,
        "HeartbeatMonitor sleeps 10 x 1 s, yet its recording took only "
            + recorded.wallTime().toMillis() + " ms:" + recorded.describe());
    ReplayAssertions.assertSuccessMeansExitSuccess(recorded);

    Duration fastest = null;
    for (int i = 1; i <= ATTEMPTS; i++) {
      Outcome replayed = TtdRun.replay(jvm, recording);
      ReplayAssertions.assertSameOutput(recorded, replayed, "replay " + i + " of HeartbeatMonitor");
      if (fastest == null || replayed.wallTime().compareTo(fastest) < 0) {
        fastest = replayed.wallTime();
      }
      if (fastest.compareTo(REPLAY_BOUND) < 0) {
        break;
      }
    }
    assertTrue(
        fastest.compareTo(REPLAY_BOUND) < 0,
        "the fastest of " + ATTEMPTS + " replays took " + fastest.toMillis()
            + " ms (bound " + REPLAY_BOUND.toMillis() + " ms) for a recording that took "
            + recorded.wallTime().toMillis() + " ms: does the replay really sleep?");
  }
}
