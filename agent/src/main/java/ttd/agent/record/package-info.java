/**
 * The recording's side of the session: {@code RecordSession} (the {@code Exchange} and {@code
 * Lifecycle} of a recorded JVM), each thread's block of events and the log they go to, pinned clocks
 * and seeds.
 */
package ttd.agent.record;
