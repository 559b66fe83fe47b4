package ttd.debug.console;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import ttd.debug.target.Launcher;
import ttd.debug.time.Ladder;
import ttd.debug.time.Pool;

/**
 * The console's read loop. On a terminal it uses JLine (line editing, history across sessions,
 * completion, Ctrl-C stops a running replay, Ctrl-D quits) and shows progress of long runs.
 * Otherwise (batch mode, what tests drive) it reads one command per line, echoes it as {@code >
 * command}, finishes it (the replay stopped again or ended) and prints plain, stable output.
 */
public final class Console {

  private final Session session;
  private final Commands commands;

  public Console(PrintStream out, Launcher launcher, Pool pool, Ladder ladder, SourceFiles sources) {
    this.session = new Session(out, launcher, pool, ladder, sources);
    this.commands = new Commands(session);
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
      session.close();
    }
  }

  private void batch() throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      session.out.println("> " + line.trim());
      if (!commands.execute(line)) {
        return;
      }
      session.out.flush();
    }
  }

  private void interactive() throws IOException {
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      LineReader reader =
          LineReaderBuilder.builder()
              .terminal(terminal)
              .completer(new Completion(session))
              .variable(LineReader.HISTORY_FILE, Paths.get(System.getProperty("user.home"), ".ttd_debug_history"))
              .build();
      terminal.handle(Terminal.Signal.INT, signal -> session.interrupt());
      while (true) {
        String line;
        try {
          line = reader.readLine("> ");
        } catch (UserInterruptException e) {
          continue;
        } catch (EndOfFileException e) {
          return;
        }
        Progress progress = new Progress(session, terminal.writer());
        try {
          if (!commands.execute(line)) {
            return;
          }
        } finally {
          progress.close();
        }
      }
    }
  }
}
