package ttd.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The table of ttd's subcommands, in the order the usage lists them: this module's, then those
 * of the other modules in this ttd.jar ({@link ServiceLoader}), then {@code help}. Dispatch, the
 * whole usage and each command's {@code --help} all read it.
 */
final class Subcommands {

  private Subcommands() {}

  /** Every subcommand of this ttd.jar. */
  static List<ToolCommand> all() {
    List<ToolCommand> all = new ArrayList<>(List.of(new RecordCommand(), new ReplayCommand(), new InfoCommand(), new EventsCommand()));
    ServiceLoader.load(ToolCommand.class, ToolCommand.class.getClassLoader()).forEach(all::add);
    all.add(new HelpCommand());
    return all;
  }

  /** The subcommand called {@code word} (its name or an alias), or null if this ttd.jar has none. */
  static ToolCommand named(String word) {
    for (ToolCommand c : all()) {
      if (c.name().equals(word) || c.aliases().contains(word)) {
        return c;
      }
    }
    return null;
  }
}
