package ttd.cli;

import java.util.List;

/**
 * One subcommand of {@code java -jar ttd.jar}: its name, its usage, what its {@code --help} adds,
 * and what it runs. {@link Subcommands} holds them all in one table, so the whole usage, each
 * command's {@code --help} and the dispatch are derived from the same objects.
 *
 * <p>Commands of other modules ({@code debug} in jdi-frontend, {@code native} in native-backend)
 * implement it too and are found with {@link java.util.ServiceLoader}, so module cli does not
 * depend on the modules built on top of it.
 */
public interface ToolCommand {

  /** The word on the command line, e.g. {@code debug}. */
  String name();

  /** Other words for it, e.g. {@code --help} for {@code help}. */
  default List<String> aliases() {
    return List.of();
  }

  /** How {@code help} and {@code <command> --help} show it: indented lines, as in the tool's usage. */
  String usage();

  /** What {@code <command> --help} shows after the usage (empty: nothing more). */
  default String help() {
    return "";
  }

  /** Runs the command with the arguments after its name and returns the exit status. */
  int run(String[] args);
}
