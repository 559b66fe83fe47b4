/**
 * The compatibility corpus: small programs on popular libraries, written as their users write
 * them, one main class each. e2e's {@code CorpusReplayTest} records every one and replays it with
 * its files gone; {@code compat/run.sh} measures them. Each prints what depends on its inputs
 * (times, ids, random values, thread names, hash orders, file listings), so a wrong replay shows.
 */
package ttd.compat;
