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
}
