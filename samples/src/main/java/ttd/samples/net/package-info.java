/**
 * Samples that talk over the network, with the peers they talk to: a quote client whose frame
 * parser assumes one read returns a whole response, and an inventory HTTP service whose refunds
 * corrupt its stock after a partially filled order.
 */
package ttd.samples.net;
