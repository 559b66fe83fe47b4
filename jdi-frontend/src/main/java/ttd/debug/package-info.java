/**
 * {@code ttd debug}: the debugger console over replay JVMs of a recording (JDI, JLine). The root
 * holds only what every package may use ({@link ttd.debug.BadInput}, {@link ttd.debug.Background});
 * the command itself is in {@code ttd.debug.tool}.
 */
package ttd.debug;
