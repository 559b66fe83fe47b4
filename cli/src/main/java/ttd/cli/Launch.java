package ttd.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import ttd.cli.launch.ToolException;

/** Starts a child JVM with ttd.jar as its agent and waits for its exit status. */
final class Launch {

  private Launch() {}

  /** ttd.jar's own path, which the launcher publishes before handing over. */
  static Path ttdJar() {
    String jar = System.getProperty("ttd.jar");
    if (jar == null) {
      throw new ToolException("ttd must be run as `java -jar ttd.jar`");
    }
    return Paths.get(jar);
  }

  /**
   * Runs the child to its end and returns its status; SIGTERM, SIGINT and SIGHUP sent to ttd
   * meanwhile go on to the child ({@link ChildSignals}), and ttd waits for it.
   */
  static int run(ProcessBuilder pb) {
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    pb.environment().remove("JDK_JAVA_OPTIONS");
    pb.environment().remove("_JAVA_OPTIONS");
    try (ChildSignals forwarding = ChildSignals.install()) {
      Process p = pb.start();
      forwarding.attach(p);
      while (true) {
        try {
          return p.waitFor();
        } catch (InterruptedException e) {
          // keep waiting: the child owns the terminal until it ends
        }
      }
    } catch (IOException e) {
      throw new ToolException("cannot start " + pb.command().get(0) + " (" + e.getMessage() + ")");
    }
  }
}
