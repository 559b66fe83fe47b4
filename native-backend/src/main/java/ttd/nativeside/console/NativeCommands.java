package ttd.nativeside.console;

import ttd.debug.BadInput;
import ttd.debug.console.CommandLine;
import ttd.nativeside.mi.GdbGone;
import ttd.nativeside.mi.MiError;

/**
 * Reads one command line of the native console and runs it: the console's commands, mapped onto
 * gdb's machine interface. Every failure the user can fix is one printed line, and the console
 * goes on.
 */
final class NativeCommands {

  private final NativeSession s;
  private final Requests requests;
  private final Motions motions;
  private final Inspect inspect;
  private final Positions positions;

  NativeCommands(NativeSession s) {
    this.s = s;
    this.requests = new Requests(s);
    this.motions = new Motions(s, requests);
    this.inspect = new Inspect(s);
    this.positions = new Positions(s);
  }

  /** Runs {@code line}; returns false when the console should end. */
  boolean execute(String line) {
    CommandLine parsed = CommandLine.parse(line);
    if (parsed == null) {
      return true;
    }
    String cmd = parsed.name();
    String args = parsed.args();
    try {
      return dispatch(cmd, args);
    } catch (BadInput e) {
      s.out.println(e.getMessage());
    } catch (MiError e) {
      s.out.println(GdbRefusals.refusal(e.getMessage()));
    } catch (GdbGone e) {
      s.out.println(e.getMessage() + "; `quit` and start the console again");
    } catch (IllegalStateException e) {
      s.out.println("cannot do that here: " + e.getMessage());
    }
    return true;
  }

  private boolean dispatch(String cmd, String args) {
    switch (cmd) {
      case "run": motions.run(); break;
      case "cont": case "c": motions.cont(); break;
      case "step": case "s": motions.step(args); break;
      case "next": case "n": motions.next(); break;
      case "finish": motions.finish(); break;
      case "stop": requests.stop(args); break;
      case "clear": requests.clear(args); break;
      case "watch": requests.watch(args); break;
      case "unwatch": requests.unwatch(args); break;
      case "print": case "p": case "eval": inspect.print(args); break;
      case "locals": inspect.locals(); break;
      case "where": inspect.where(args); break;
      case "up": inspect.upDown(args, 1); break;
      case "down": inspect.upDown(args, -1); break;
      case "threads": inspect.threads(); break;
      case "thread": inspect.thread(args); break;
      case "list": inspect.list(args); break;
      case "reverse-continue": case "rc": motions.reverseContinue(); break;
      case "reverse-step": case "rs": motions.reverseStep(); break;
      case "reverse-next": case "rn": motions.reverseNext(); break;
      case "reverse-finish": motions.reverseFinish(); break;
      case "when": positions.when(); break;
      case "checkpoint": positions.checkpoint(); break;
      case "restart": positions.restart(args); break;
      case "info": positions.info(args); break;
      case "help": case "?": s.out.println(NativeHelp.TEXT); break;
      case "quit": case "exit": return false;
      case "set": case "pop": case "redefine": case "reenter": case "kill": case "call": case "jump":
        throw new BadInput(cmd + " is refused: the console shows recorded history, and changing it would make it leave the recording; change the program and record a new run instead");
      case "catch": case "ignore": case "goto": case "timeline": case "history": case "dump":
      case "classes": case "methods": case "fields":
        throw new BadInput(cmd + " is for Java recordings; native programs have the commands `help` lists");
      default:
        throw new BadInput("Unrecognized command: '" + cmd + "'. Try help...");
    }
    return true;
  }
}
