package ttd.debug.console;

import java.io.PrintStream;
import org.jline.reader.Completer;
import ttd.debug.replayvm.Launcher;
import ttd.debug.time.Ladder;
import ttd.debug.time.Pool;

/** The console's commands over replay JVMs of a Java recording. */
public final class JvmBackend implements Backend {

  private final ConsoleSession session;
  private final Commands commands;
  private final ConsoleLink link;

  public JvmBackend(PrintStream out, Launcher launcher, Pool pool, Ladder ladder, SourceFiles sources) {
    this.session = new ConsoleSession(out, launcher, pool, ladder, sources);
    this.commands = new Commands(session);
    this.link = new ConsoleLink(session, commands);
  }

  /** The seam another client (the JDWP server) shares this console's session through. */
  public ConsoleLink link() {
    return link;
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
    session.interrupt();
  }

  @Override
  public Completer completer() {
    return new Completion(session);
  }

  @Override
  public String progress(long seconds) {
    if (session.waiting()) {
      return "waiting for the index of hits " + seconds + " s";
    }
    long event;
    try {
      event = session.running().readEvent();
    } catch (RuntimeException e) {
      event = -1;
    }
    return "running " + seconds + " s" + (event >= 0 ? ", at event " + event : "");
  }

  @Override
  public void close() {
    session.close();
  }
}
