/** Samples that compute for long stretches between their few nondeterministic inputs (a clock read at the start and the end). */
package ttd.samples.compute;
