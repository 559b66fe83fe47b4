package ttd.debug.console;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ttd.debug.BadInput;

/**
 * Every console command in one table: its names (the command, then its aliases), how it moves the
 * position, its lines of {@code help}, and what it runs. Dispatch ({@link Commands}), {@code help}
 * and tab completion ({@link Help}, {@link Completion}), the JDWP server's idea of a console line
 * that moves, and the e2e test of random command sequences all read it, so a command is added here
 * and nowhere else.
 */
public final class CommandTable {

  /** How a command moves the position the console shows. */
  public enum Moves {
    /** It does not. */
    NONE,
    /** It runs the shown replay on: one that fails half-way may leave it anywhere. */
    FORWARD,
    /** It reaches another position by replaying (backwards, to a checkpoint). */
    REPLAY
  }

  /** The objects commands run on: one set per console session. */
  record Handlers(
      ConsoleSession s, RequestCommands requests, InspectCommands inspect, MotionCommands motions, TimeCommands time,
      ReverseSearch reverse, LineSearch lines, FieldHistory history) {

    static Handlers of(ConsoleSession s) {
      return new Handlers(s, new RequestCommands(s), new InspectCommands(s), new MotionCommands(s), new TimeCommands(s),
          new ReverseSearch(s), new LineSearch(s), new FieldHistory(s));
    }
  }

  /** What a command runs, given the name it was typed as and the rest of the line. */
  @FunctionalInterface
  interface Handler {
    void run(Handlers h, String name, String args);
  }

  /** One command: {@code names.get(0)} is its name, the rest aliases; {@code help} may be empty. */
  record Command(List<String> names, Moves moves, Handler handler, List<String> help) {}

  /** The handler of the commands that end the console. */
  static final Handler END = (h, name, args) -> {};

  /** The handler of the commands that would change history, which a replay refuses. */
  static final Handler REFUSE = (h, name, args) -> {
    throw new BadInput(name + " is refused: a replay is read-only history, and changing it would make it leave the recording;"
        + " change the program and record a new run instead");
  };

  private static final List<Command> TABLE = List.of(
      command("run", Moves.FORWARD, (h, n, a) -> h.motions().run(),
          "run                        start the program (it waits before its first instruction)"),
      command("cont c", Moves.FORWARD, (h, n, a) -> h.motions().cont(),
          "cont                       continue until a breakpoint, watchpoint or exception"),
      command("step s", Moves.FORWARD, (h, n, a) -> h.motions().step(a),
          "step | next | step up      one line, into calls | over calls | out of the method"),
      command("next n", Moves.FORWARD, (h, n, a) -> h.motions().next()),
      command("stop", Moves.NONE, (h, n, a) -> h.requests().stop(a),
          "stop at Class:line         set a breakpoint (deferred until the class loads)",
          "stop in Class.method       set a breakpoint at a method's first line",
          "stop in Class.m(int,String)  the same in one overload",
          "stop at|in ... if expr     stop only where expr is true (fields, locals, operators; no calls)"),
      command("clear", Moves.NONE, (h, n, a) -> h.requests().clear(a),
          "clear [Class:line]         remove a breakpoint, or list them"),
      command("watch", Moves.NONE, (h, n, a) -> h.requests().watch(a),
          "watch [access|all] Class.field   stop when any instance's field is written (or read)",
          "watch [access|all] expr.field    the same for one object, e.g. watch order.total"),
      command("unwatch", Moves.NONE, (h, n, a) -> h.requests().unwatch(a),
          "unwatch [access|all] X.field     remove a watch"),
      command("catch", Moves.NONE, (h, n, a) -> h.requests().catchException(a),
          "catch [uncaught|caught|all] Exc  stop where such an exception is thrown"),
      command("ignore", Moves.NONE, (h, n, a) -> h.requests().ignore(a),
          "ignore [uncaught|caught|all] Exc remove a catch"),
      command("print p eval", Moves.NONE, (h, n, a) -> h.inspect().print(a, false),
          "print | eval expr          show a value: locals, fields, a[2], paths, calls like toString()"),
      command("dump", Moves.NONE, (h, n, a) -> h.inspect().print(a, true),
          "dump expr                  show an object's fields"),
      command("locals", Moves.NONE, (h, n, a) -> h.inspect().locals(),
          "locals | where [all] | up [n] | down [n]   the current frame and stack"),
      command("where", Moves.NONE, (h, n, a) -> h.inspect().where(a)),
      command("up", Moves.NONE, (h, n, a) -> h.inspect().upDown(a, 1)),
      command("down", Moves.NONE, (h, n, a) -> h.inspect().upDown(a, -1)),
      command("threads", Moves.NONE, (h, n, a) -> h.inspect().threads(),
          "threads | thread NAME      list threads, select one"),
      command("thread", Moves.NONE, (h, n, a) -> h.inspect().thread(a)),
      command("list", Moves.NONE, (h, n, a) -> h.inspect().list(a),
          "list [line]                show the source (start with --sourcepath DIR)"),
      command("classes", Moves.NONE, (h, n, a) -> h.inspect().classes(a),
          "classes [part] | methods Class | fields Class"),
      command("methods", Moves.NONE, (h, n, a) -> h.inspect().methods(a)),
      command("fields", Moves.NONE, (h, n, a) -> h.inspect().fields(a)),
      command("reverse-continue rc", Moves.REPLAY, (h, n, a) -> h.reverse().reverseContinue(),
          "reverse-continue (rc)      run backwards to the last hit of the breakpoints/watchpoints"),
      command("reverse-step rs", Moves.REPLAY, (h, n, a) -> h.lines().reverse("step"),
          "reverse-step (rs)          back to the previous line, into calls"),
      command("reverse-next rn", Moves.REPLAY, (h, n, a) -> h.lines().reverse("next"),
          "reverse-next (rn)          back to the previous line of this method"),
      command("reverse-finish", Moves.REPLAY, (h, n, a) -> h.lines().reverse("finish"),
          "reverse-finish             back to where this method was called"),
      command("when", Moves.NONE, (h, n, a) -> h.time().when(),
          "when                       print the position EVENT.TICK@FRAMES:BCI: the last recorded event,",
          "                           the ticks (method entries, loop back-edges) run since it, and",
          "                           the stop's place in that tick (frame count : bci of its top frame)"),
      command("goto", Moves.FORWARD, (h, n, a) -> h.time().gotoPosition(a),
          "goto N | goto N.T | goto N.T@F:B   jump to just after recorded event N (see timeline), to",
          "                           tick T after it, or on to the stop with F frames at bci B in it;",
          "                           a position `when` printed goes back to that very stop in any",
          "                           replay, one `history` listed to that write (where reverse-continue lands)"),
      command("timeline", Moves.NONE, (h, n, a) -> h.time().timeline(a),
          "timeline [--thread NAME] [--kind WORD] [--schedule] [word]",
          "                           list the recorded events in their global order, numbered as",
          "                           goto takes them; scheduler switches folded unless --schedule"),
      command("checkpoint", Moves.NONE, (h, n, a) -> h.time().checkpoint(),
          "checkpoint | restart N | info checkpoints   save positions and return to them"),
      command("restart", Moves.REPLAY, (h, n, a) -> h.time().restart(a)),
      command("info", Moves.NONE, (h, n, a) -> h.time().info(a)),
      command("history", Moves.NONE, (h, n, a) -> h.history().show(a),
          "history Class.field | history expr.field [--last N | --all] [FROM..TO] [== VALUE]",
          "                           the writes of a field (of one object: expr names it in some",
          "                           frame here), the last 20 unless --last N or --all, those",
          "                           between two positions, those whose new value prints as VALUE"),
      command("help ?", Moves.NONE, (h, n, a) -> h.s().out.println(Help.TEXT),
          "help | quit"),
      command("quit exit", Moves.NONE, END),
      command("set pop redefine reenter kill", Moves.NONE, REFUSE,
          "A replay is read-only history: set, pop and redefine are refused."));

  private CommandTable() {}

  static List<Command> all() {
    return TABLE;
  }

  /** The command typed as {@code name}, or null. */
  static Command named(String name) {
    for (Command c : TABLE) {
      if (c.names().contains(name)) {
        return c;
      }
    }
    return null;
  }

  /** How the console line {@code line} moves the position (NONE for what is not a command). */
  public static Moves moves(String line) {
    Command c = named(line.trim().split("\\s+", 2)[0]);
    return c == null ? Moves.NONE : c.moves();
  }

  private static Command command(String names, Moves moves, Handler handler, String... help) {
    return new Command(List.of(names.split(" ")), moves, handler, Arrays.asList(help));
  }

  /** Every help line, in the table's order. */
  static List<String> helpLines() {
    List<String> lines = new ArrayList<>();
    for (Command c : TABLE) {
      lines.addAll(c.help());
    }
    return lines;
  }
}
