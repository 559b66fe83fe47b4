/**
 * Concurrency bugs that depend on how threads interleave: a lost update, a check-then-act race, a
 * consumer that stops one item early, a lock-ordering deadlock, and a pipeline that reports in
 * completion order. Record them with {@code chaos} until the bug shows; the recording then
 * replays the failing interleaving every time.
 */
package ttd.samples.concurrency;
