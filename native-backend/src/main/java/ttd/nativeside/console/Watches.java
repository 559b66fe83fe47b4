package ttd.nativeside.console;

/** How a watch typed as {@code watch bank.reserve} is set in gdb and shown back. */
final class Watches {

  private static final String LOCATION = "-location ";

  private Watches() {}

  /**
   * gdb's command for a watch on {@code expr}: {@code watch -location}, so it watches that memory
   * (this struct's field), not the expression re-evaluated in whatever scope the program is in.
   */
  static String command(String expr) {
    return "watch -location " + expr;
  }

  /** The expression the user typed, from gdb's {@code exp} of the watchpoint. */
  static String shown(String gdbExpression) {
    if (gdbExpression == null) {
      return "?";
    }
    return gdbExpression.startsWith(LOCATION) ? gdbExpression.substring(LOCATION.length()) : gdbExpression;
  }
}
