package ttd.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The sample programs of the samples module, with the class path each one needs, and recordings of
 * them that several tests share.
 */
public enum Sample {
  EXPIRING_CACHE("ttd.samples.time.ExpiringCache", false),
  LOTTERY("ttd.samples.random.Lottery", false),
  QUARTERLY_REPORT("ttd.samples.hash.QuarterlyReport", false),
  ORDER_PIPELINE("ttd.samples.corruption.OrderPipeline", false),
  CONFIG_BANNER("ttd.samples.env.ConfigBanner", false),
  GENERATED_GREETER("ttd.samples.deps.GeneratedGreeter", true),
  OVERLAY_CONFIG("ttd.samples.config.OverlayConfig", false),
  GIT_FEATURE_CHECK("ttd.samples.process.GitFeatureCheck", false),
  HEARTBEAT_MONITOR("ttd.samples.time.HeartbeatMonitor", false);

  private static final Memo<Path> SHARED = new Memo<>();

  private final String mainClass;
  private final boolean needsLibraries;

  Sample(String mainClass, boolean needsLibraries) {
    this.mainClass = mainClass;
    this.needsLibraries = needsLibraries;
  }

  public String mainClass() {
    return mainClass;
  }

  public String simpleName() {
    return mainClass.substring(mainClass.lastIndexOf('.') + 1);
  }

  /** The samples' classes, plus the samples' libraries for the sample that brings its own. */
  public String classPath() {
    return TtdRun.samplesClassPath(needsLibraries);
  }

  /** Records this sample with the agent on {@code jvm} into {@code out}. */
  public Outcome record(Jvm jvm, Path out, List<String> agentOptions) {
    return TtdRun.record(jvm, out, agentOptions, classPath(), mainClass, List.of(), new byte[0]);
  }

  /**
   * A recording of this sample made on {@code jvm} once per test run and shared between tests:
   * read it, or damage a {@link Scratch#copyOf copy} of it.
   */
  public Path sharedRecording(Jvm jvm) {
    return SHARED.get(
        name() + " " + jvm.java(),
        () -> {
          Path recording = Scratch.dir(simpleName() + "-" + jvm.label()).resolve("recording");
          Outcome recorded = record(jvm, recording, List.of());
          if (!Files.isRegularFile(recording.resolve("recording.properties"))) {
            throw new AssertionError("recording " + simpleName() + " left no recording:" + recorded.describe());
          }
          return recording;
        });
  }
}
