/**
 * ttd as a JDWP server: IDEs and jdb attach to ttd itself, not to one replay JVM, and travel in
 * time with the console. The wire layer ({@link ttd.debug.jdwp.Packet}, {@link
 * ttd.debug.jdwp.Wire}), the identifiers that stay valid across replay JVMs ({@link
 * ttd.debug.jdwp.Ids}), the declarative command table ({@link ttd.debug.jdwp.JdwpCommandTable}) and
 * its handlers, which answer by forwarding to the JDI mirrors of the replay JVM the console shows.
 * Written from the JDWP specification.
 */
package ttd.debug.jdwp;
