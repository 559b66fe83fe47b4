package ttd.cli;

import java.util.List;

/**
 * {@code ttd help [<command>]}: the whole usage, or, given a command of the table, that
 * command's usage alone (what {@code <command> --help} prints).
 */
final class HelpCommand implements ToolCommand {

  @Override
  public String name() {
    return "help";
  }

  @Override
  public List<String> aliases() {
    return List.of("--help", "-h");
  }

  @Override
  public String usage() {
    return "  help [<command>]    show this text, or that command's usage";
  }

  @Override
  public int run(String[] args) {
    ToolCommand command = args.length > 0 ? Subcommands.named(args[0]) : null;
    System.out.println(command == null || command instanceof HelpCommand ? TtdCommand.usage() : TtdCommand.usage(command));
    return 0;
  }
}
