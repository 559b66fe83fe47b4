package ttd.replay.cli;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import ttd.log.RecordingMetadata;
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
    // Only the header here: the replaying agent reads and verifies the whole log itself, so the
    // recording is read once, in the JVM that needs it.
    RecordingMetadata meta = Recordings.header(recording);
    List<String> warnings = new ArrayList<>();
    List<String> cmd = ReplayLauncher.command(recording, meta, Launch.ttdJar(), warnings);
    if (!RecordingMetadata.STATUS_COMPLETE.equals(meta.get("status"))) {
      warnings.add(
          "this recording is incomplete (the recorded process was killed or its recording failed);"
              + " replay stops where it ends");
    }
    warnings.forEach(w -> System.err.println("ttd: " + w));
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .directory(ReplayLauncher.workingDirectory(meta))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .redirectOutput(ProcessBuilder.Redirect.INHERIT)
            .redirectError(ProcessBuilder.Redirect.INHERIT);
    return Launch.run(pb);
  }
}
