/** Samples whose bugs depend on unseeded random numbers. */
package ttd.samples.random;
