package ttd.debug.replayvm;

import com.sun.jdi.ThreadReference;
import com.sun.jdi.event.LocatableEvent;
import java.util.List;

/**
 * Where a motion of the replay ended: the events that stopped it (several requests can fire at
 * one instruction) and the position, or the end of the program with its exit status.
 */
public final class Stop {

  private final List<LocatableEvent> events;
  private final Position position;
  private final Integer exitStatus;
  private final boolean ended;
  private final boolean paused;

  private Stop(List<LocatableEvent> events, Position position, Integer exitStatus, boolean ended, boolean paused) {
    this.events = events;
    this.position = position;
    this.exitStatus = exitStatus;
    this.ended = ended;
    this.paused = paused;
  }

  static Stop at(List<LocatableEvent> events, Position position) {
    return new Stop(List.copyOf(events), position, null, false, false);
  }

  static Stop end(Integer exitStatus, Position position) {
    return new Stop(List.of(), position, exitStatus, true, false);
  }

  static Stop paused(Position position) {
    return new Stop(List.of(), position, null, false, true);
  }

  /** Whether this is a pause at a position (a rung of the ladder), not a stop the user sees. */
  public boolean paused() {
    return paused;
  }

  /** Whether Ctrl-C stopped the replay here: a point that no replay of a history reaches again. */
  public boolean interrupted() {
    return !ended && !paused && events.isEmpty();
  }

  public boolean ended() {
    return ended;
  }

  public Integer exitStatus() {
    return exitStatus;
  }

  public List<LocatableEvent> events() {
    return events;
  }

  public Position position() {
    return position;
  }

  /** The thread that stopped (null at the end). */
  public ThreadReference thread() {
    return events.isEmpty() ? null : events.get(0).thread();
  }
}
