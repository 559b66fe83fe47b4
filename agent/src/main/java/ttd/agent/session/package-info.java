/** Record and replay sessions: what each hook does in the recorded or replayed program. */
package ttd.agent.session;
