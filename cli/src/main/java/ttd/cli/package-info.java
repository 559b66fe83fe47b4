/**
 * The command line of {@code java -jar ttd.jar}: one {@link ttd.cli.ToolCommand} class per
 * command, listed in one table ({@link ttd.cli.Subcommands}).
 */
package ttd.cli;
