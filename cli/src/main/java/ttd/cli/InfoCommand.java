package ttd.cli;

import java.nio.file.Paths;
import ttd.log.RecordingMetadata;
import ttd.log.RecordingScan;
import ttd.cli.launch.ToolException;

/**
 * {@code ttd info <recording>}: what ran, on what, how it ended and why the recording stopped,
 * what was left out of it, and how much was recorded.
 */
final class InfoCommand implements ToolCommand {

  @Override
  public String name() {
    return "info";
  }

  @Override
  public String usage() {
    return "  info <recording>    show what a recording holds";
  }

  @Override
  public int run(String[] args) {
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
    System.out.println("ended:       " + ended(check, m));
    System.out.println("exit status: " + (check.complete() ? Integer.toString(check.endStatus()) : "-"));
    System.out.println("redacted:    " + redacted(m));
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

  /** How the program ended, or why the recording stopped before it did. */
  static String ended(RecordingScan check, RecordingMetadata m) {
    String signal = m.get("signal");
    if (check.complete()) {
      String cause = check.endCause();
      if (cause.startsWith("signal ")) {
        return "by " + cause.substring("signal ".length()) + " (the JVM's own handler exited with 128 + the signal's number)";
      }
      switch (cause) {
        case "exit":
          return "the program exited (System.exit, or its last non-daemon thread ended)";
        case "halt":
          return "the program halted (Runtime.halt: no shutdown hooks ran)";
        case "deadlock":
          return "the program deadlocked; ttd ended it";
        default:
          return cause;
      }
    }
    String failure = m.get("failure");
    if (failure != null) {
      return "the recording stopped early: " + failure.replaceFirst("^java.lang.IllegalStateException: ", "");
    }
    return "the recorded process stopped before its recording could end (killed with SIGKILL, crashed,"
        + " or the machine went down)" + (signal == null ? "" : ", after it got " + signal);
  }

  private static String redacted(RecordingMetadata m) {
    String rule = m.get("redaction", "nothing");
    String env = m.get("redacted.env", "");
    String properties = m.get("redacted.properties", "");
    StringBuilder b = new StringBuilder();
    if (!env.isEmpty()) {
      b.append("environment ").append(env.replace(",", ", "));
    }
    if (!properties.isEmpty()) {
      b.append(b.length() == 0 ? "" : "; ").append("properties ").append(properties.replace(",", ", "));
    }
    return (b.length() == 0 ? "none read" : b) + " (left out: " + rule + ")";
  }
}
