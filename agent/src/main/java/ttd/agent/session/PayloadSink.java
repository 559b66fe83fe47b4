package ttd.agent.session;

/**
 * Receives a replayed event's payload: the first chunk with the event's value, then the chunks of
 * the {@code PAYLOAD_MORE} events a large read or write continues in, for as long as it asks.
 */
public interface PayloadSink {

  /**
   * @param value the event's value
   * @param data this chunk
   * @param at how many payload bytes came before it
   * @return whether another chunk follows
   */
  boolean chunk(long value, byte[] data, int at);
}
