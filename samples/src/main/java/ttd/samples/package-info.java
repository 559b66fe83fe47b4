/** Small realistic programs with real bugs that depend on a nondeterministic input (clock, randomness, identity hash order, environment); the end-to-end targets and the demo of ttd. */
package ttd.samples;
