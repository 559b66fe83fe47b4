package ttd.debug.console;

import java.io.PrintStream;
import java.util.List;
import java.util.function.Consumer;
import ttd.debug.code.ProgramBci;
import ttd.debug.replayvm.Position;
import ttd.debug.replayvm.Stop;
import ttd.debug.replayvm.Target;
import ttd.debug.requests.Motion;
import ttd.debug.requests.Spec;

/**
 * The seam through which another client shares the console's session (the JDWP server an IDE
 * attaches to): one position, one set of requests, one replay JVM shown. The other client moves
 * by running the console's own commands, so the console prints what it does; it reads the JVM
 * shown; its requests are the console's requests, so they work in every replay JVM and in reverse
 * searches. Callers serialise their use with the console's commands themselves.
 */
public final class ConsoleLink {

  private final ConsoleSession s;
  private final Commands commands;

  ConsoleLink(ConsoleSession s, Commands commands) {
    this.s = s;
    this.commands = commands;
  }

  /** The replay JVM the console shows. */
  public Target target() {
    return s.driver().target();
  }

  /** The program's own bytecode offsets, which the console shows, of the replay's code. */
  public ProgramBci programBci() {
    return s.launcher.programBci();
  }

  /** Where the console is (null before {@code run}). */
  public Stop stop() {
    return s.stop();
  }

  public Position position() {
    return s.position();
  }

  /** The name {@code when} prints for the position now; {@code goto} to it comes back to this very stop. */
  public String positionName() {
    return s.name(s.position());
  }

  public boolean started() {
    return s.started();
  }

  public boolean ended() {
    return s.ended();
  }

  /** The history that brought the console here. */
  public List<Motion> history() {
    return s.history();
  }

  /** The console's output. */
  public PrintStream out() {
    return s.out;
  }

  /** Runs a console command as if typed (it prints the same); false for {@code quit}. */
  public boolean execute(String line) {
    return commands.execute(line);
  }

  /** Selects the thread the console's thread commands ({@code step}, {@code reverse-step}) act on. */
  public void selectThread(String name) {
    s.selectThread(name);
  }

  public String selectedThread() {
    return s.threadName();
  }

  /** Adds a request of the other client's; from the next motion on, every replay JVM gets it. */
  public void add(Spec spec) {
    if (!s.specs.contains(spec)) {
      s.specs.add(spec);
    }
  }

  /**
   * Adds a request while a motion is paused inside (a class that just loaded): it is installed in
   * the JVM at once and counted as set from the motion's start, which is exact as long as it could
   * not have fired before this point (its class loaded only now).
   */
  public void addDuringMotion(Spec spec) {
    add(spec);
    s.driver().user().add(spec, null);
    s.backdate(spec);
  }

  public void remove(Spec spec) {
    s.specs.remove(spec);
    s.driver().user().remove(spec);
  }

  /** The other client's requests and the console's own, as set now. */
  public List<Spec> requests() {
    return List.copyOf(s.specs);
  }

  /** Tells {@code l} of the JVM shown now and of each one the console shows from now on. */
  public void onShown(Consumer<Target> l) {
    s.onShown(l);
  }

  /** Stops the command running now (as Ctrl-C does). */
  public void interrupt() {
    s.interrupt();
  }
}
