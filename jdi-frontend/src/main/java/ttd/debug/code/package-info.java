/** The program's code as compiled, beside the code ttd's agent rewrote in a replay JVM. */
package ttd.debug.code;
