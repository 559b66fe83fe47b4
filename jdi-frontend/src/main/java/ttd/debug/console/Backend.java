package ttd.debug.console;

import java.io.PrintStream;
import org.jline.reader.Completer;

/**
 * What the console's read loop drives: the commands of one kind of target. {@link Console} reads
 * lines (on a terminal with JLine, else one per line, echoed) and hands each to a backend; the JVM
 * backend runs them over replay JVMs, the native backend (module {@code native-backend}, found
 * through {@link BackendProvider}) over gdb.
 */
public interface Backend extends AutoCloseable {

  /** Where the console prints. */
  PrintStream out();

  /** Runs one command line; returns false when the console should end. */
  boolean execute(String line);

  /** Ctrl-C while a command runs: stops what it runs, and the console stays. */
  void interrupt();

  /** Tab completion on a terminal. */
  Completer completer();

  /**
   * What a command that has run {@code seconds} is doing, for the terminal's progress line (e.g.
   * {@code running 3 s, at event 57}).
   */
  String progress(long seconds);

  @Override
  void close();
}
