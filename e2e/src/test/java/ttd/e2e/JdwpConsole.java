package ttd.e2e;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ttd debug RECORDING --sourcepath <samples' sources> --jdwp 0} as a live process: the
 * console reads commands as typed (batch mode echoes each as {@code > command}), and debuggers
 * attach to the port it announces.
 */
final class JdwpConsole implements AutoCloseable {

  final LiveProcess console;
  final int port;

  JdwpConsole(Jvm jvm, Path recording, String jdwp) {
    this(jvm, recording, jdwp, List.of());
  }

  /** The same, with {@code options} (e.g. {@code -Dttd.debug.hitIndex=false}) for the console's JVM. */
  JdwpConsole(Jvm jvm, Path recording, String jdwp, List<String> options) {
    List<String> cmd = new ArrayList<>(List.of(jvm.java()));
    cmd.addAll(options);
    cmd.addAll(List.of("-jar", TtdRun.jar().toString(), "debug",
        recording.toAbsolutePath().toString(), "--sourcepath", DebugConsole.samplesSources().toString(), "--jdwp", jdwp));
    console = new LiveProcess("ttd debug", cmd, recording.toAbsolutePath().getParent());
    port = Integer.parseInt(console.await("a debugger can attach to 127\\.0\\.0\\.1:(\\d+) \\(JDWP\\)"));
  }

  /** Types {@code command} and waits for its echo. */
  void type(String command) {
    console.type(command);
    console.await("^> " + java.util.regex.Pattern.quote(command) + "$");
  }

  String await(String regex) {
    return console.await(regex);
  }

  String describe() {
    return console.describe();
  }

  @Override
  public void close() {
    console.close();
  }
}
