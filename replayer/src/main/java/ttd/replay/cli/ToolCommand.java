package ttd.replay.cli;

/**
 * A command of the ttd tool that lives in a module of its own ({@code debug}, in jdi-frontend).
 *
 * <p>{@link TtdCommand} finds such commands with {@link java.util.ServiceLoader}, so the replayer
 * does not depend on the modules built on top of it.
 */
public interface ToolCommand {

  /** The word on the command line, e.g. {@code debug}. */
  String name();

  /** How {@code help} and {@code <command> --help} show it: indented lines, as in the tool's usage. */
  String usage();

  /** Runs the command with the arguments after its name and returns the exit status. */
  int run(String[] args);

  /** Every such command on ttd's class path. */
  static Iterable<ToolCommand> all() {
    return java.util.ServiceLoader.load(ToolCommand.class, ToolCommand.class.getClassLoader());
  }

  /** The command called {@code name}, or null if no module of this ttd.jar has it. */
  static ToolCommand named(String name) {
    for (ToolCommand c : all()) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    return null;
  }
}
