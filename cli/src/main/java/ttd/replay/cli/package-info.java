/**
 * The command line of {@code java -jar ttd.jar}: one {@link ttd.replay.cli.ToolCommand} class per
 * command, listed in one table ({@link ttd.replay.cli.Subcommands}).
 */
package ttd.replay.cli;
