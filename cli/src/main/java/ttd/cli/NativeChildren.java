package ttd.cli;

import java.io.PrintStream;

/**
 * {@code ttd record --native-children}: whether the program's child processes can be recorded
 * with rr here. It lives in module native-backend and is found with {@link
 * java.util.ServiceLoader}, so module cli does not depend on it.
 */
public interface NativeChildren {

  /**
   * The agent option that starts the program's children under rr ({@code nativeChildren=RR}), or
   * null when rr cannot record here, after saying so (why, and that the Java recording goes on
   * without it) on {@code err}.
   */
  String agentOption(PrintStream err);
}
