package ttd.nativeside.console;

import java.util.List;

/** The native console's commands, for {@code help} and tab completion. */
final class NativeHelp {

  static final List<String> COMMANDS =
      List.of(
          "run", "cont", "step", "next", "finish", "stop", "clear", "watch", "unwatch", "print",
          "eval", "locals", "where", "up", "down", "threads", "thread", "list", "reverse-continue",
          "rc", "reverse-step", "rs", "reverse-next", "rn", "reverse-finish", "when",
          "checkpoint", "restart", "info", "help", "quit", "exit");

  static final String TEXT =
      String.join(
          "\n",
          "** ttd debug, native program: the console's commands over gdb, which also run backwards **",
          "run                        start the program (its history starts at main) and run to a stop",
          "cont                       continue until a breakpoint or watch",
          "step | next | step up      one line, into calls | over calls | out of the function (finish)",
          "stop at FILE:LINE          set a breakpoint, e.g. stop at ledger.c:65",
          "stop in FUNCTION           set a breakpoint at a function's first line",
          "clear [FILE:LINE]          remove a breakpoint, or list breakpoints and watches",
          "watch EXPR | unwatch EXPR  stop where EXPR's memory is written (e.g. watch bank.reserve)",
          "print | eval EXPR          show a value (gdb evaluates C expressions)",
          "locals | where [all] | up [n] | down [n]   the current frame and stack",
          "threads | thread N         list threads, select one",
          "list [line]                show the source around the current line",
          "reverse-continue (rc)      run backwards to the last breakpoint or watch hit",
          "reverse-step (rs)          back to the previous line, into calls",
          "reverse-next (rn)          back to the previous line of this function",
          "reverse-finish             back to where this function was called",
          "when                       print the position in the recorded history",
          "checkpoint | restart N | info checkpoints   save positions and return to them",
          "help | quit",
          "Recorded history is read-only: set, call and jump are refused.");

  private NativeHelp() {}
}
