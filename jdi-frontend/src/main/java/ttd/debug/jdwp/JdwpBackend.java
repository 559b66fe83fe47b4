package ttd.debug.jdwp;

import java.io.PrintStream;
import org.jline.reader.Completer;
import ttd.debug.console.Backend;
import ttd.debug.console.JvmBackend;

/**
 * The console with a debugger attached over JDWP: each line runs under the server's lock, and
 * the debugger is told where it went. Adds {@code direction forward|reverse}, which makes the
 * debugger's Resume and steps run backwards (as gdb's {@code set exec-direction}).
 */
public final class JdwpBackend implements Backend {

  static final String HELP = String.join("\n",
      "direction [forward|reverse]  which way the attached debugger's Resume and Step buttons run",
      "(a debugger attached over JDWP shares this position; its breakpoints are listed with `clear`)");

  private final JvmBackend console;
  private final JdwpServer server;

  public JdwpBackend(JvmBackend console, JdwpServer server) {
    this.console = console;
    this.server = server;
  }

  @Override
  public PrintStream out() {
    return console.out();
  }

  @Override
  public boolean execute(String line) {
    String[] words = line.trim().split("\\s+");
    if (words[0].equals("direction")) {
      direction(words.length > 1 ? words[1] : "");
      return true;
    }
    boolean goOn = server.console(line, console::execute);
    if (words[0].equals("help") || words[0].equals("?")) {
      out().println(HELP);
    }
    return goOn;
  }

  private void direction(String arg) {
    switch (arg) {
      case "" -> { }
      case "reverse", "backward", "backwards" -> server.reverse(true);
      case "forward", "forwards" -> server.reverse(false);
      default -> {
        out().println("direction takes forward or reverse, not '" + arg + "'");
        return;
      }
    }
    out().println("The debugger's Resume and steps run " + (server.reverse() ? "backwards (reverse-continue, reverse-step, reverse-next, reverse-finish)" : "forwards"));
  }

  @Override
  public void interrupt() {
    console.interrupt();
  }

  @Override
  public Completer completer() {
    return console.completer();
  }

  @Override
  public String progress(long seconds) {
    return console.progress(seconds);
  }

  @Override
  public void close() {
    server.close();
    console.close();
  }
}
