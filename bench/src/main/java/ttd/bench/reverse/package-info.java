/**
 * The debuggers' benchmarks: the console's reverse-continue latency, checkpoint cost and pool
 * memory; gdb's process record; the JDWP server against the console and a plain JVM.
 */
package ttd.bench.reverse;
