/**
 * Concurrency bugs that depend on how threads interleave: a lost update, a check-then-act race, a
 * consumer that stops one item early, a lock-ordering deadlock, a pipeline that reports in
 * completion order, and a box office that oversells a concert. Record them with {@code chaos}
 * until the bug shows; the recording then replays the failing interleaving every time.
 */
package ttd.samples.concurrency;
