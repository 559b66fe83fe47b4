/** The console: its read loop, its commands, and what it knows between them. */
package ttd.debug.console;
