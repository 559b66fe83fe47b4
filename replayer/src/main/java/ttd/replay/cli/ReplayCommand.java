package ttd.replay.cli;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import ttd.replay.RecordingCheck;
import ttd.replay.ReplayLauncher;
import ttd.replay.ToolException;

/**
 * {@code ttd replay <recording>}: checks the recording, then runs it in a fresh JVM whose stdout
 * and stderr are the program's, and exits with the program's (or ttd's documented) status.
 */
final class ReplayCommand {

  private ReplayCommand() {}

  static int run(String[] args) {
    if (args.length != 1) {
      throw new ToolException("replay takes one argument, the recording's directory");
    }
    Path recording = Paths.get(args[0]);
    RecordingCheck check = RecordingCheck.of(recording);
    List<String> warnings = new ArrayList<>();
    List<String> cmd = ReplayLauncher.command(recording, check.metadata(), Launch.ttdJar(), warnings);
    if (!check.complete()) {
      warnings.add(
          "this recording is incomplete (the recorded process was killed or its recording failed);"
              + " replay stops where it ends");
    }
    warnings.forEach(w -> System.err.println("ttd: " + w));
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .directory(ReplayLauncher.workingDirectory(check.metadata()))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .redirectOutput(ProcessBuilder.Redirect.INHERIT)
            .redirectError(ProcessBuilder.Redirect.INHERIT);
    return Launch.run(pb);
  }
}
