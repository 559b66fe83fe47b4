/**
 * Samples that talk over the network, with the peers they talk to: a quote client whose frame
 * parser assumes one read returns a whole response (blocking, and on an asynchronous channel
 * whose completion handler makes the same assumption), an asynchronous quote desk serving a crowd
 * of clients from two pool threads that share an unsynchronised count, an inventory HTTP service
 * whose refunds corrupt its stock after a partially filled order, and a flash sale that rushes
 * that service with several connections at once.
 */
package ttd.samples.net;
