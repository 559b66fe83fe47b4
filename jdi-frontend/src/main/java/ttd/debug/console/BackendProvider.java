package ttd.debug.console;

import java.io.PrintStream;

/**
 * A backend that lives in a module the console does not depend on (the native one), found with
 * {@link java.util.ServiceLoader} by {@code ttd debug}: the first provider that accepts the
 * command's arguments opens the console's backend; when none does, they name a Java recording.
 */
public interface BackendProvider {

  /** Whether {@code ttd debug ARGS} names this provider's kind of target. */
  boolean accepts(String[] args);

  /**
   * Opens the target the arguments name and says on {@code out} which backend debugs it and why;
   * a {@link ttd.cli.launch.ToolException} when it cannot be debugged here.
   */
  Backend open(String[] args, PrintStream out);
}
