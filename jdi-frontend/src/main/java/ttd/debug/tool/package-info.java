/**
 * The {@code debug} command of the ttd tool: reads its arguments, then wires the replay JVMs, the
 * pool and ladder, the console and the JDWP server together. It is the top of the packages: it uses
 * them all and none uses it.
 */
package ttd.debug.tool;
