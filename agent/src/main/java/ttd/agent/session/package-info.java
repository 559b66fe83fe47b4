/**
 * What each hook does in the recorded or replayed program, written once for both modes: the {@code
 * Session} façade, its parts (threads, schedule, files, network, waits) and the helpers they use,
 * all handed an {@code Exchange} and a {@code Lifecycle} that record and replay implement in their
 * own packages.
 */
package ttd.agent.session;
