package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs {@code ttd debug} in batch mode, as a script would: the commands go to stdin one per line,
 * and the console echoes each as {@code > command} before its output. The transcript is split
 * into one block of output lines per command.
 */
final class DebugConsole {

  private final Outcome outcome;
  private final List<String> commands = new ArrayList<>();
  private final List<List<String>> blocks = new ArrayList<>();

  private DebugConsole(Outcome outcome) {
    this.outcome = outcome;
    List<String> current = null;
    for (String line : outcome.stdoutLines()) {
      if (line.startsWith("> ")) {
        commands.add(line.substring(2));
        current = new ArrayList<>();
        blocks.add(current);
      } else if (current != null) {
        current.add(line);
      }
    }
  }

  /** {@code ttd debug RECORDING --sourcepath <samples' sources>} fed with {@code script}. */
  static DebugConsole run(Jvm jvm, Path recording, String... script) {
    return run(jvm, recording, List.of(), script);
  }

  /** The same, with {@code options} (e.g. {@code -Dttd.debug.rungSpacingMs=50}) for the console's JVM. */
  static DebugConsole run(Jvm jvm, Path recording, List<String> options, String... script) {
    List<String> cmd = new ArrayList<>(List.of(jvm.java()));
    cmd.addAll(options);
    cmd.addAll(List.of("-jar", TtdRun.jar().toString(), "debug",
        recording.toAbsolutePath().toString(), "--sourcepath", samplesSources().toString()));
    byte[] stdin = (String.join("\n", script) + "\n").getBytes(StandardCharsets.UTF_8);
    return new DebugConsole(Exec.run(cmd, recording.toAbsolutePath().getParent(), stdin));
  }

  /** The same, with {@code tmp} as the console's temporary directory and as its {@code TMPDIR} (ttd's cache). */
  static DebugConsole runWithTmp(Jvm jvm, Path recording, Path tmp, String... script) {
    List<String> cmd = new ArrayList<>(List.of("env", "TMPDIR=" + tmp, jvm.java(), "-Djava.io.tmpdir=" + tmp));
    cmd.addAll(List.of("-jar", TtdRun.jar().toString(), "debug",
        recording.toAbsolutePath().toString(), "--sourcepath", samplesSources().toString()));
    byte[] stdin = (String.join("\n", script) + "\n").getBytes(StandardCharsets.UTF_8);
    return new DebugConsole(Exec.run(cmd, recording.toAbsolutePath().getParent(), stdin));
  }

  /** {@code ttd debug --native -- PROGRAM} in {@code dir}, fed with {@code script}. */
  static DebugConsole runNative(Jvm jvm, Path dir, List<String> program, String... script) {
    List<String> cmd = new ArrayList<>(List.of(jvm.java(), "-jar", TtdRun.jar().toString(), "debug", "--native", "--"));
    cmd.addAll(program);
    byte[] stdin = (String.join("\n", script) + "\n").getBytes(StandardCharsets.UTF_8);
    return new DebugConsole(Exec.run(cmd, dir, stdin));
  }

  static Path samplesSources() {
    return TtdRun.samplesClasses().getParent().getParent().resolve(Paths.get("src", "main", "java"));
  }

  Outcome outcome() {
    return outcome;
  }

  /** The output of the {@code n}-th command (0-based) of the script, which must be {@code command}. */
  List<String> after(int n, String command) {
    assertTrue(n < commands.size(), "the console stopped before command " + n + " (" + command + "):" + outcome.describe());
    assertEquals(command, commands.get(n), "command " + n + outcome.describe());
    return blocks.get(n);
  }

  /** The first line of the {@code n}-th command's output. */
  String first(int n, String command) {
    List<String> lines = after(n, command);
    assertTrue(!lines.isEmpty(), "command " + n + " (" + command + ") printed nothing:" + outcome.describe());
    return lines.get(0);
  }

  /**
   * The first line of the {@code n}-th command's output that is not a trace of where a replay
   * started ({@code -Dttd.debug.traceRungs=true}).
   */
  String firstUntraced(int n, String command) {
    for (String line : after(n, command)) {
      if (!line.startsWith("(a replay ")) {
        return line;
      }
    }
    throw new AssertionError("command " + n + " (" + command + ") printed nothing but traces:" + outcome.describe());
  }

  /** The one group of {@code regex} in the first matching line of the {@code n}-th command's output. */
  String group(int n, String command, String regex) {
    Pattern p = Pattern.compile(regex);
    for (String line : after(n, command)) {
      Matcher m = p.matcher(line);
      if (m.find()) {
        return m.group(1);
      }
    }
    throw new AssertionError("no line matching " + regex + " after " + command + ":" + outcome.describe());
  }

  String describe() {
    return outcome.describe();
  }
}
