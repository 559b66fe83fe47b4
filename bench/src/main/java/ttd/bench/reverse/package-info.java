/** The debugger console's benchmark: reverse-continue latency, checkpoint cost, pool memory. */
package ttd.bench.reverse;
