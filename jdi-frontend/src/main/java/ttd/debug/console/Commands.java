package ttd.debug.console;

import ttd.debug.BadInput;

/**
 * Reads one command line and runs it. Every failure the user can fix is a {@link BadInput}: one
 * line is printed and the console goes on.
 */
final class Commands {

  /** Whether breakpoints and catches get a background index of their hits ({@code -Dttd.debug.hitIndex}). */
  private static final boolean INDEX = Boolean.parseBoolean(System.getProperty("ttd.debug.hitIndex", String.valueOf(ttd.debug.Background.ON)));

  /** Commands that move the shown replay: one that fails half-way may leave it anywhere. */
  private static final java.util.Set<String> MOTIONS = java.util.Set.of("run", "cont", "c", "step", "s", "next", "n", "goto");

  private final Session s;
  private final RequestCommands requests;
  private final InspectCommands inspect;
  private final MotionCommands motions;
  private final TimeCommands time;
  private final ReverseSearch reverse;
  private final LineSearch lines;
  private final FieldHistory history;

  Commands(Session s) {
    this.s = s;
    this.requests = new RequestCommands(s);
    this.inspect = new InspectCommands(s);
    this.motions = new MotionCommands(s);
    this.time = new TimeCommands(s);
    this.reverse = new ReverseSearch(s);
    this.lines = new LineSearch(s);
    this.history = new FieldHistory(s);
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
      boolean moves = MOTIONS.contains(cmd);
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
    switch (cmd) {
      case "run": motions.run(); break;
      case "cont": case "c": motions.cont(); break;
      case "step": case "s": motions.step(args); break;
      case "next": case "n": motions.next(); break;
      case "stop": requests.stop(args); break;
      case "clear": requests.clear(args); break;
      case "watch": requests.watch(args); break;
      case "unwatch": requests.unwatch(args); break;
      case "catch": requests.catchException(args); break;
      case "ignore": requests.ignore(args); break;
      case "print": case "p": case "eval": inspect.print(args, false); break;
      case "dump": inspect.print(args, true); break;
      case "locals": inspect.locals(); break;
      case "where": inspect.where(args); break;
      case "up": inspect.upDown(args, 1); break;
      case "down": inspect.upDown(args, -1); break;
      case "threads": inspect.threads(); break;
      case "thread": inspect.thread(args); break;
      case "list": inspect.list(args); break;
      case "classes": inspect.classes(args); break;
      case "methods": inspect.methods(args); break;
      case "fields": inspect.fields(args); break;
      case "reverse-continue": case "rc": reverse.reverseContinue(); break;
      case "reverse-step": case "rs": lines.reverse("step"); break;
      case "reverse-next": case "rn": lines.reverse("next"); break;
      case "reverse-finish": lines.reverse("finish"); break;
      case "when": time.when(); break;
      case "goto": time.gotoPosition(args); break;
      case "timeline": time.timeline(args); break;
      case "checkpoint": time.checkpoint(); break;
      case "restart": time.restart(args); break;
      case "info": time.info(args); break;
      case "history": history.show(args); break;
      case "help": case "?": s.out.println(Help.TEXT); break;
      case "quit": case "exit": return false;
      case "set": case "pop": case "redefine": case "reenter": case "kill":
        throw new BadInput(cmd + " is refused: a replay is read-only history, and changing it would make it leave the recording; change the program and record a new run instead");
      default:
        throw new BadInput("Unrecognized command: '" + cmd + "'. Try help...");
    }
    return true;
  }
}
