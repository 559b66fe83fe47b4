package ttd.replay.cli;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import ttd.log.RecordingMetadata;
import ttd.replay.ReplayLauncher;
import ttd.replay.ReplayStart;
import ttd.replay.ToolException;

/**
 * {@code ttd replay <recording>}: checks the recording, then runs it in a fresh JVM whose stdout
 * and stderr are the program's, and exits with the program's (or ttd's documented) status.
 */
final class ReplayCommand {

  private ReplayCommand() {}

  static int run(String[] args) {
    String jdwp = null;
    if (args.length == 3 && args[1].equals("--jdwp")) {
      jdwp = args[2];
      if (!jdwp.matches("([A-Za-z0-9.\\-]+:)?[0-9]{1,5}")) {
        throw new ToolException("--jdwp takes a port or host:port, not '" + jdwp + "'");
      }
    } else if (args.length != 1) {
      throw new ToolException(
          "replay takes the recording's directory, optionally followed by --jdwp [HOST:]PORT");
    }
    Path recording = Paths.get(args[0]);
    // Only the header here: the replaying agent reads and verifies the whole log itself, so the
    // recording is read once, in the JVM that needs it.
    RecordingMetadata meta = Recordings.header(recording);
    List<String> warnings = new ArrayList<>();
    try (ReplayStart start = ReplayStart.create()) {
      List<String> cmd = ReplayLauncher.command(recording, meta, Launch.ttdJar(), jdwp, start, warnings);
      return run(recording, meta, cmd, jdwp, warnings, start);
    }
  }

  private static int run(
      Path recording, RecordingMetadata meta, List<String> cmd, String jdwp, List<String> warnings,
      ReplayStart start) {
    if (jdwp != null) {
      warnings.add("the replay waits for a debugger on " + (jdwp.contains(":") ? jdwp : "127.0.0.1:" + jdwp));
      if (!JdwpAddress.isLoopback(jdwp)) {
        warnings.add(
            "warning: " + jdwp + " is reachable from the network: anyone who can connect to it can"
                + " attach and run any code in the replay JVM as you; give only a port to listen on"
                + " localhost");
      }
    }
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
    int status = Launch.run(pb);
    String refused = start.refusal(status);
    if (refused != null) {
      throw new ToolException(refused);
    }
    return status;
  }
}
