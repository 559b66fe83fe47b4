/** The console's commands for native programs, mapped onto GDB/MI. */
package ttd.nativeside.console;
