package ttd.cli;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import ttd.log.RecordingMetadata;
import ttd.cli.launch.ReplayLauncher;
import ttd.cli.launch.ReplayStart;
import ttd.cli.launch.ToolException;

/**
 * {@code ttd replay <recording>}: checks the recording, then runs it in a fresh JVM whose stdout
 * and stderr are the program's, and exits with the program's (or ttd's documented) status. With
 * {@code --jdwp [HOST:]PORT} the debug command serves the replay instead ({@code debug REC --jdwp
 * ADDRESS --serve}): ttd itself is the JDWP server, so the debugger can also go backwards.
 */
final class ReplayCommand implements ToolCommand {

  @Override
  public String name() {
    return "replay";
  }

  @Override
  public String usage() {
    return String.join("\n",
        "  replay <recording> [--jdwp [HOST:]PORT]",
        "                      re-run a recording: same output, same exit status, no real I/O;",
        "                      --jdwp waits for jdb or an IDE on that address (localhost by default),",
        "                      which can also run the replay backwards (ttd is the JDWP server)");
  }

  @Override
  public int run(String[] args) {
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
    if (jdwp != null) {
      return serve(args[0], jdwp);
    }
    Path recording = Paths.get(args[0]);
    // Only the header here: the replaying agent reads and verifies the whole log itself, so the
    // recording is read once, in the JVM that needs it.
    RecordingMetadata meta = Recordings.replayableHeader(recording);
    List<String> warnings = new ArrayList<>();
    try (ReplayStart start = ReplayStart.create()) {
      List<String> cmd = ReplayLauncher.command(recording, meta, Launch.ttdJar(), start, warnings);
      return run(meta, cmd, warnings, start);
    }
  }

  /** The time-travelling JDWP server of the debug command, without its console. */
  private static int serve(String recording, String jdwp) {
    ToolCommand debug = Subcommands.named("debug");
    if (debug != null) {
      return debug.run(new String[] {recording, "--jdwp", jdwp, "--serve"});
    }
    throw new ToolException("this ttd.jar has no debugger (module jdi-frontend), which --jdwp needs; use a full build of ttd.jar");
  }

  private static int run(RecordingMetadata meta, List<String> cmd, List<String> warnings, ReplayStart start) {
    if (!RecordingMetadata.STATUS_COMPLETE.equals(meta.get("status"))) {
      warnings.add(
          "this recording is incomplete (the recorded process was killed, or ttd stopped recording it early);"
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
