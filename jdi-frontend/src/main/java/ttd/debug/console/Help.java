package ttd.debug.console;

import java.util.ArrayList;
import java.util.List;

/**
 * The console's {@code help} text and the names {@code help} and tab completion offer, both read
 * from {@link CommandTable}.
 */
public final class Help {

  static final String TEXT =
      "** ttd debug: a jdb-like console over a replay, which also runs backwards **\n"
          + String.join("\n", CommandTable.helpLines());

  private Help() {}

  /**
   * The names of the commands that run, aliases included ({@code c}, {@code rc}, {@code exit}):
   * not those a replay refuses.
   */
  public static List<String> commands() {
    List<String> names = new ArrayList<>();
    for (CommandTable.Command c : CommandTable.all()) {
      if (c.handler() != CommandTable.REFUSE) {
        names.addAll(c.names());
      }
    }
    return names;
  }
}
