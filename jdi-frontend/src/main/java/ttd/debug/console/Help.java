package ttd.debug.console;

import java.util.List;

/**
 * The console's commands, for {@code help} and tab completion, and for the e2e test that drives
 * random command sequences ({@link #commands()}): one table, so a new command is offered
 * everywhere.
 */
public final class Help {

  static final List<String> COMMANDS =
      List.of(
          "run", "cont", "step", "next", "stop", "clear", "watch", "unwatch", "catch", "ignore",
          "print", "dump", "eval", "locals", "where", "up", "down", "threads", "thread", "list",
          "classes", "methods", "fields", "reverse-continue", "rc", "reverse-step", "rs",
          "reverse-next", "rn", "reverse-finish", "when", "goto", "timeline", "checkpoint",
          "restart", "info", "history", "help", "quit", "exit");

  static final String TEXT =
      String.join(
          "\n",
          "** ttd debug: a jdb-like console over a replay, which also runs backwards **",
          "run                        start the program (it waits before its first instruction)",
          "cont                       continue until a breakpoint, watchpoint or exception",
          "step | next | step up      one line, into calls | over calls | out of the method",
          "stop at Class:line         set a breakpoint (deferred until the class loads)",
          "stop in Class.method       set a breakpoint at a method's first line",
          "stop at|in ... if expr     stop only where expr is true (fields, locals, operators; no calls)",
          "clear [Class:line]         remove a breakpoint, or list them",
          "watch [access|all] Class.field   stop when any instance's field is written (or read)",
          "watch [access|all] expr.field    the same for one object, e.g. watch order.total",
          "unwatch [access|all] X.field     remove a watch",
          "catch [uncaught|caught|all] Exc  stop where such an exception is thrown",
          "ignore [uncaught|caught|all] Exc remove a catch",
          "print | eval expr          show a value: locals, fields, a[2], paths, calls like toString()",
          "dump expr                  show an object's fields",
          "locals | where [all] | up [n] | down [n]   the current frame and stack",
          "threads | thread NAME      list threads, select one",
          "list [line]                show the source (start with --sourcepath DIR)",
          "classes [part] | methods Class | fields Class",
          "reverse-continue (rc)      run backwards to the last hit of the breakpoints/watchpoints",
          "reverse-step (rs)          back to the previous line, into calls",
          "reverse-next (rn)          back to the previous line of this method",
          "reverse-finish             back to where this method was called",
          "when                       print the position EVENT.TICK@FRAMES:BCI: the last recorded event,",
          "                           the ticks (method entries, loop back-edges) run since it, and",
          "                           the stop's place in that tick (frame count : bci of its top frame)",
          "goto N | goto N.T | goto N.T@F:B   jump to just after recorded event N (see timeline), to",
          "                           tick T after it, or on to the stop with F frames at bci B in it;",
          "                           a position `when` printed goes back to that very stop in any",
          "                           replay, one `history` listed to that write (where reverse-continue lands)",
          "timeline [--thread NAME] [--kind WORD] [--schedule] [word]",
          "                           list the recorded events in their global order, numbered as",
          "                           goto takes them; scheduler switches folded unless --schedule",
          "checkpoint | restart N | info checkpoints   save positions and return to them",
          "history Class.field | history expr.field [--last N | --all] [FROM..TO] [== VALUE]",
          "                           the writes of a field (of one object: expr names it in some",
          "                           frame here), the last 20 unless --last N or --all, those",
          "                           between two positions, those whose new value prints as VALUE",
          "help | quit",
          "A replay is read-only history: set, pop and redefine are refused.");

  private Help() {}

  /** The command names, aliases included ({@code rc}, {@code exit}). */
  public static List<String> commands() {
    return COMMANDS;
  }
}
