/** The command line of {@code java -jar ttd.jar}: one class per command. */
package ttd.replay.cli;
