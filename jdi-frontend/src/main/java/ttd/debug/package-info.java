/** {@code ttd debug}: the debugger console over replay JVMs of a recording (JDI, JLine). */
package ttd.debug;
