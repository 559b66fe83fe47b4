package ttd.replay.cli;

import java.nio.file.Paths;
import ttd.log.RecordingMetadata;
import ttd.log.RecordingScan;
import ttd.replay.ToolException;

/** {@code ttd info <recording>}: what ran, on what, how it ended, and how much was recorded. */
final class InfoCommand {

  private InfoCommand() {}

  static int run(String[] args) {
    if (args.length != 1) {
      throw new ToolException("info takes one argument, the recording's directory");
    }
    RecordingScan check = Recordings.scan(Paths.get(args[0]));
    RecordingMetadata m = check.metadata();
    System.out.println("recording:   " + Paths.get(args[0]).toAbsolutePath());
    System.out.println("main class:  " + m.get("main.class"));
    System.out.println("arguments:   " + String.join(" ", m.getList("main.args")));
    System.out.println("java:        " + m.get("java.runtime.version") + " (" + m.get("java.home") + ")");
    System.out.println("started:     " + m.get("start.time"));
    System.out.println("status:      " + (check.complete() ? "complete" : "incomplete"));
    System.out.println("exit status: " + m.get("exit.status", "-"));
    System.out.println("threads:     " + check.threads());
    System.out.println("events:      " + check.events() + " in " + check.blocks() + " blocks");
    System.out.println("log bytes:   " + check.bytes());
    if (check.pathBytes() > 0) {
      System.out.println("path bytes:  " + check.pathBytes() + " of them, the threads' paths (recorded with path)");
    }
    if (check.damage() != null) {
      System.out.println("damage:      " + check.damage());
    }
    return 0;
  }
}
