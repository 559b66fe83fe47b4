package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The OverlayConfig sample's outcome depends on the order its directory lists its files; its
 * replay merges them in the recorded order, with the directory gone, and installs nothing.
 */
class OverlayConfigReplayTest {

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void replayMergesTheFilesInTheRecordedListingOrderWithoutTheDirectory(Jvm jvm) throws Exception {
    Path recording = Scratch.dir("overlay-config-" + jvm.label()).resolve("recording");
    Outcome recorded = Sample.OVERLAY_CONFIG.record(jvm, recording, List.of());
    Path conf = recording.getParent().resolve("conf.d");
    assertTrue(recorded.stdout().contains("installed 4 files into conf.d"), recorded.describe());
    assertTrue(Files.isDirectory(conf), "the recorded program installed its configuration");
    ReplayAssertions.assertSuccessMeansExitSuccess(recorded);

    try (Stream<Path> all = Files.walk(conf)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
    Outcome replayed = TtdRun.replay(jvm, recording);
    ReplayAssertions.assertSameOutput(recorded, replayed, "replay of OverlayConfig without conf.d");
    assertFalse(Files.exists(conf), "the replay installed " + conf);
  }
}
