package ttd.debug.console;

import ttd.debug.BadInput;

/**
 * Reads one command line and runs it. Every failure the user can fix is a {@link BadInput}: one
 * line is printed and the console goes on.
 */
final class Commands {

  /** Whether breakpoints and catches get a background index of their hits ({@code -Dttd.debug.hitIndex}). */
  private static final boolean INDEX = Boolean.parseBoolean(System.getProperty("ttd.debug.hitIndex", String.valueOf(ttd.debug.Background.ON)));

  private final ConsoleSession s;
  private final CommandTable.Handlers handlers;

  Commands(ConsoleSession s) {
    this.s = s;
    this.handlers = CommandTable.Handlers.of(s);
  }

  /** Runs {@code line}; returns false when the console should end. */
  boolean execute(String line) {
    CommandLine parsed = CommandLine.parse(line);
    if (parsed == null) {
      return true;
    }
    String cmd = parsed.name();
    String args = parsed.args();
    s.ladder.hold();
    try {
      boolean goOn = dispatch(cmd, args);
      if (goOn && INDEX) {
        s.index.want(s.specs);
      }
      return goOn;
    } catch (BadInput e) {
      s.out.println(e.getMessage());
    } catch (com.sun.jdi.VMDisconnectedException e) {
      s.out.println("the replay JVM is gone; `goto`, `restart` or a reverse command starts another");
    } catch (RuntimeException e) {
      boolean moves = CommandTable.moves(cmd) == CommandTable.Moves.FORWARD;
      s.out.println(Failures.sentence(cmd, e, s.startedAndStopped() ? s.position().at(s.place()).label() : null, moves));
      if (moves) {
        s.distrust();
      }
    } finally {
      s.ladder.release();
      s.commandEnded();
    }
    return true;
  }

  private boolean dispatch(String cmd, String args) {
    CommandTable.Command c = CommandTable.named(cmd);
    if (c == null) {
      throw new BadInput("Unrecognized command: '" + cmd + "'. Try help...");
    }
    if (c.handler() == CommandTable.END) {
      return false;
    }
    c.handler().run(handlers, cmd, args);
    return true;
  }
}
