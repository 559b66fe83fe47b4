package ttd.debug.console;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The console's read loop. On a terminal it uses JLine (line editing, history across sessions,
 * completion, Ctrl-C stops a running replay, Ctrl-D quits) and shows progress of long runs.
 * Otherwise (batch mode, what tests drive) it reads one command per line, echoes it as {@code >
 * command}, finishes it (the replay stopped again or ended) and prints plain, stable output.
 * What a line means is its {@link Backend}'s business: replay JVMs, or gdb for native programs.
 */
public final class Console {

  private final Backend backend;

  public Console(Backend backend) {
    this.backend = backend;
  }

  /** Runs until {@code quit} or the end of input. */
  public void run(boolean terminal) throws IOException {
    try {
      if (terminal) {
        interactive();
      } else {
        batch();
      }
    } finally {
      backend.close();
    }
  }

  private void batch() throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      backend.out().println("> " + line.trim());
      if (!backend.execute(line)) {
        return;
      }
      backend.out().flush();
    }
  }

  private void interactive() throws IOException {
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      LineReader reader =
          LineReaderBuilder.builder()
              .terminal(terminal)
              .completer(backend.completer())
              .variable(LineReader.HISTORY_FILE, Paths.get(System.getProperty("user.home"), ".ttd_debug_history"))
              .build();
      terminal.handle(Terminal.Signal.INT, signal -> backend.interrupt());
      while (true) {
        String line;
        try {
          line = reader.readLine("> ");
        } catch (UserInterruptException e) {
          continue;
        } catch (EndOfFileException e) {
          return;
        }
        Progress progress = new Progress(backend, terminal.writer());
        try {
          if (!backend.execute(line)) {
            return;
          }
        } finally {
          progress.close();
        }
      }
    }
  }
}
