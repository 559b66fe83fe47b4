package ttd.nativeside.console;

import java.io.PrintStream;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import ttd.debug.console.Backend;
import ttd.nativeside.history.History;

/** The console's backend for a native program: its commands, run by gdb over a {@link History}. */
public final class NativeBackend implements Backend {

  private final NativeSession session;
  private final NativeCommands commands;

  public NativeBackend(PrintStream out, History history) {
    this.session = new NativeSession(out, history);
    this.commands = new NativeCommands(session);
  }

  @Override
  public PrintStream out() {
    return session.out;
  }

  @Override
  public boolean execute(String line) {
    return commands.execute(line);
  }

  @Override
  public void interrupt() {
    session.gdb.interrupt();
  }

  @Override
  public Completer completer() {
    return (reader, line, candidates) -> {
      if (line.wordIndex() == 0) {
        NativeHelp.COMMANDS.forEach(c -> candidates.add(new Candidate(c)));
      }
    };
  }

  @Override
  public String progress(long seconds) {
    return "running " + seconds + " s";
  }

  @Override
  public void close() {
    session.history.close();
  }
}
