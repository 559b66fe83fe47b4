package ttd.debug.console;

import ttd.debug.BadInput;
import ttd.debug.replayvm.Position;

/**
 * What {@code history} was asked for: {@code history TARGET.field [--last N | --all] [FROM..TO]
 * [== VALUE]}: the writes of a field of a class ({@code Class.field}) or of one object ({@code
 * expr.field}), the last {@code last} of them ({@link #DEFAULT_LAST} by default, 0: all), those
 * between two positions ({@code 57..90.1200}, either end may be left out), those whose new value
 * prints as {@code value}.
 */
record HistoryQuery(String target, String owner, String field, int last, Position from, Position to, String value) {

  /** How many writes {@code history} lists without {@code --last} or {@code --all}. */
  static final int DEFAULT_LAST = 20;

  static final String USAGE = "use history Class.field or history expr.field, then optionally --last N or --all,"
      + " a range FROM..TO of positions (e.g. 40..57.1200) and == VALUE";

  static HistoryQuery parse(String args) {
    String a = args.trim();
    String value = null;
    int eq = a.indexOf("==");
    if (eq >= 0) {
      value = a.substring(eq + 2).trim();
      a = a.substring(0, eq).trim();
      if (value.isEmpty()) {
        throw new BadInput("malformed history '" + args.trim() + "': == needs a value, e.g. == -750");
      }
    }
    String[] w = a.isEmpty() ? new String[0] : a.split("\\s+");
    if (w.length == 0) {
      throw new BadInput("history of what? " + USAGE);
    }
    String target = w[0];
    int dot = target.lastIndexOf('.');
    if (dot <= 0 || dot == target.length() - 1) {
      throw new BadInput("malformed history '" + args.trim() + "': " + USAGE);
    }
    int last = DEFAULT_LAST;
    Position from = null;
    Position to = null;
    for (int i = 1; i < w.length; i++) {
      if (w[i].equals("--all")) {
        last = 0;
      } else if (w[i].equals("--last") && i + 1 < w.length && w[i + 1].matches("[1-9][0-9]{0,8}")) {
        last = Integer.parseInt(w[++i]);
      } else if (w[i].equals("--last")) {
        throw new BadInput("malformed history '" + args.trim() + "': --last takes a count from 1 to 999999999"
            + (i + 1 < w.length ? ", not " + w[i + 1] : "") + "; --all lists every write");
      } else if (w[i].contains("..")) {
        String[] r = w[i].split("\\.\\.", -1);
        from = r[0].isEmpty() ? null : position(r[0], args);
        to = r.length < 2 || r[1].isEmpty() ? null : position(r[1], args);
        if (from != null && to != null && to.before(from)) {
          throw new BadInput("the range " + w[i] + " ends before it starts");
        }
      } else {
        throw new BadInput("malformed history '" + args.trim() + "': '" + w[i] + "' is none of --last N, --all, FROM..TO, == VALUE; " + USAGE);
      }
    }
    return new HistoryQuery(target, target.substring(0, dot), target.substring(dot + 1), last, from, to, value);
  }

  private static Position position(String text, String args) {
    Position p = Position.parse(text);
    if (p == null) {
      throw new BadInput("malformed history '" + args.trim() + "': '" + text + "' is not a position EVENT or EVENT.TICK");
    }
    return p;
  }

  /** How the listing names what it lists. */
  String describe() {
    return target + (from != null || to != null ? " " + (from == null ? "" : from.label()) + ".." + (to == null ? "" : to.label()) : "")
        + (value == null ? "" : " == " + value);
  }
}
