/**
 * The divergence finder: with the {@code path} option a recording also logs each thread's path
 * between events (methods entered and left, loops, calls into the JDK), and its replay checks it,
 * so a replay that leaves the recorded execution is stopped where it first does, with both stacks.
 */
package ttd.agent.path;
