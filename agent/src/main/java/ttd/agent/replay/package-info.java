/** The in-JVM half of replay: per-thread cursors over the log and divergence reports. */
package ttd.agent.replay;
