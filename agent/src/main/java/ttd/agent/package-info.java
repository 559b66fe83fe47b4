/** The agent: start-up inside the recorded or replayed JVM, options and the bootstrap hand-over. */
package ttd.agent;
