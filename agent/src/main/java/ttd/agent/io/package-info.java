/** Access to the JDK's real I/O natives, for the hooks that stand in for them. */
package ttd.agent.io;
