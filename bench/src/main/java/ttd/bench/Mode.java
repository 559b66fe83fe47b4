package ttd.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The three ways the harness launches a workload, each as the user would: a plain {@code java}
 * command, the same command with ttd's agent recording it, and {@code java -jar ttd.jar replay}
 * of that recording.
 *
 * <p>Keeping the command lines in one place makes it plain that the only difference between a
 * plain and a recorded run is the {@code -javaagent} flag, and that replay's figure includes the
 * replay launcher's own JVM (the replayed program runs in a second JVM it starts).
 */
enum Mode {
  PLAIN("plain"),
  RECORD("record"),
  REPLAY("replay");

  /** The name in the report's column heads and in failure notes. */
  final String label;

  Mode(String label) {
    this.label = label;
  }

  /**
   * The command line of this mode.
   *
   * @param recording the recording directory: written by {@link #RECORD} (it must not exist
   *     yet), read by {@link #REPLAY}, unused by {@link #PLAIN}
   */
  List<String> command(BenchOptions o, Workload w, Path recording) {
    List<String> cmd = new ArrayList<>();
    cmd.add(o.java);
    switch (this) {
      case PLAIN -> program(cmd, o, w);
      case RECORD -> {
        cmd.add("-javaagent:" + o.ttdJar.toAbsolutePath() + "=out=" + recording + ",quiet" + o.agentOptions);
        program(cmd, o, w);
      }
      case REPLAY -> {
        cmd.add("-jar");
        cmd.add(o.ttdJar.toAbsolutePath().toString());
        cmd.add("replay");
        cmd.add(recording.toString());
      }
    }
    return cmd;
  }

  /** {@code -cp <bench classes> <main> <args>}, the part plain and recorded runs share. */
  private static void program(List<String> cmd, BenchOptions o, Workload w) {
    cmd.add("-cp");
    cmd.add(o.classPath);
    cmd.add(w.mainClass());
    cmd.addAll(w.args());
  }

  /** The exit status ttd uses when a replay diverges from its recording. */
  static final int DIVERGENCE_EXIT = 86;
}
