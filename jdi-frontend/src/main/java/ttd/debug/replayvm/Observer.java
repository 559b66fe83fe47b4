package ttd.debug.replayvm;

import com.sun.jdi.event.LocatableEvent;

/**
 * Takes note of the events of observer requests while a replay runs (a reverse search collects
 * the hits before the current position; a history collects every write of a field).
 */
public interface Observer {

  /**
   * One event of an observer request, numbered from 1 in the order the replay produced them;
   * {@code eventIndex} reads the replay's position (a round trip to the replay, so only on demand).
   * Returns true to stop the replay right here.
   */
  boolean hit(long ordinal, LocatableEvent event, java.util.function.LongSupplier eventIndex);
}
