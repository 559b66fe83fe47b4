package ttd.cli.launch;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ttd.log.RecordingMetadata;
import ttd.log.TraceFormat;

/**
 * Builds the command line of a replay JVM from a recording's header: the same JDK (when it is
 * still there), JVM options, class path, main class and arguments as recorded, the determinism
 * flags, the recorded processor count and locale, and ttd.jar as agent in replay mode (after
 * {@link ReplayCompilerFlags} and {@link DeterminismFlags}, which the recorded options may
 * override, in their recorded order), followed by the program's own Java agents.
 */
public final class ReplayLauncher {

  private static final String[] BOOT_PROPERTIES = {
    "user.timezone", "user.language", "user.country", "user.variant", "user.script",
    "file.encoding", "stdout.encoding", "stderr.encoding", "sun.stdout.encoding",
    "sun.stderr.encoding", "user.home", "user.name",
  };

  private ReplayLauncher() {}

  /**
   * The replay command (a recorded JDWP agent is left out: a debugger attaches to ttd's own JDWP
   * server). With {@code start}, the replay agent says through it whether the replay began.
   */
  public static List<String> command(
      Path recording, RecordingMetadata m, Path ttdJar, ReplayStart start, List<String> warnings) {
    List<String> cmd = new ArrayList<>();
    cmd.add(javaExecutable(m, warnings));
    cmd.addAll(ReplayCompilerFlags.FLAGS);
    // before the recorded options, as ttd record puts them: its unlock of diagnostic options must
    // not come after a recorded diagnostic option, which the JVM then refuses
    cmd.addAll(DeterminismFlags.FLAGS);
    for (String a : m.getList("jvm.args")) {
      if (a.startsWith("-javaagent:") || a.startsWith("-agentlib:jdwp") || a.startsWith("-Xdebug")
          || a.startsWith("-XX:ActiveProcessorCount=")) {
        continue;
      }
      if (ReplayJvmOptions.actsOnTheWorld(a)) {
        warnings.add("the recorded JVM option " + a + " is left out of the replay: it would run code or"
            + " commands, or write files, outside the program");
        continue;
      }
      cmd.add(a);
    }
    cmd.add("-XX:ActiveProcessorCount=" + m.get("processors", "1"));
    Map<String, String> props = m.withPrefix("property.");
    for (String p : BOOT_PROPERTIES) {
      String v = p.equals("user.timezone") ? m.get("timezone", props.get(p)) : props.get(p);
      if (v != null && !v.isEmpty()) {
        cmd.add("-D" + p + "=" + v);
      }
    }
    cmd.add("-javaagent:" + ttdJar + "=replay=" + recording.toAbsolutePath() + ",launcher"
        + (start == null ? "" : "," + start.agentOption()));
    cmd.addAll(m.getList("jvm.agents")); // the program's own agents, after ttd's, whose hooks capture them
    int attached = Integer.parseInt(m.get(TraceFormat.ATTACHED_AGENTS, "0"));
    for (int n = 0; n < attached; n++) { // a JVMTI environment for each agent another process attached
      cmd.add("-javaagent:" + ttdJar + "=" + TraceFormat.ATTACH_SLOT);
    }
    cmd.add("-cp");
    cmd.add(m.get("class.path", "."));
    String main = m.get("main.class");
    if (main == null) {
      throw new ToolException(
          "the recording at " + recording + " does not name its main class, so it cannot be replayed");
    }
    cmd.add(main);
    cmd.addAll(mainArgs(m));
    return cmd;
  }

  /** The directory the replay runs in: the recorded one if it still exists, else the current. */
  public static File workingDirectory(RecordingMetadata m) {
    String dir = m.get("working.dir");
    return dir != null && Files.isDirectory(Paths.get(dir)) ? new File(dir) : new File(".");
  }

  private static List<String> mainArgs(RecordingMetadata m) {
    if (m.get("main.args.count") != null) {
      return m.getList("main.args");
    }
    String[] tokens = m.get("command", "").trim().split(" ");
    List<String> args = new ArrayList<>();
    for (int i = 1; i < tokens.length; i++) {
      args.add(tokens[i]);
    }
    return args;
  }

  /**
   * The feature release (17, 25) of the JDK the replay command runs: the recorded one when it is
   * still there, else this one.
   */
  public static int feature(RecordingMetadata m) {
    if (recordedJava(m) != null) {
      try {
        return Runtime.Version.parse(m.get("java.runtime.version", "")).feature();
      } catch (IllegalArgumentException e) {
        return Runtime.version().feature();
      }
    }
    return Runtime.version().feature();
  }

  /** The recorded JDK's {@code java} launcher if it is still installed, else null. */
  private static Path recordedJava(RecordingMetadata m) {
    String recordedHome = m.get("java.home");
    Path recorded = recordedHome == null ? null : Paths.get(recordedHome, "bin", "java");
    return recorded != null && Files.isExecutable(recorded) ? recorded : null;
  }

  private static String javaExecutable(RecordingMetadata m, List<String> warnings) {
    Path recorded = recordedJava(m);
    if (recorded != null) {
      return recorded.toString();
    }
    String current = System.getProperty("java.runtime.version");
    if (!current.equals(m.get("java.runtime.version"))) {
      warnings.add(
          "the recording was made on Java "
              + m.get("java.runtime.version")
              + ", which is not installed here; replaying on "
              + current
              + " may diverge");
    }
    return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
  }
}
