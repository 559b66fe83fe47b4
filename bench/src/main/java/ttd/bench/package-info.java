/** The benchmark harness: whole JVMs run plain, recorded and replayed, side by side. */
package ttd.bench;
