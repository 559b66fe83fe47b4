/** Samples whose bugs depend on the wall clock or the monotonic clock. */
package ttd.samples.time;
