package ttd.runtime;

/**
 * What the fast paths of the scheduler's hottest schedule points read: {@link Hooks#onTick()} and
 * {@link Hooks#onMonitorEnter} find the clock of the thread holding the baton in a static field
 * and count the tick there, so a tick of application code is a compare and an increment and calls
 * into the agent only when the thread must enter the scheduler (its {@link #switchAt}) or a
 * monitor may be contended. The agent's scheduler state of a thread extends this class.
 */
public abstract class BatonClock extends ReplayPosition.ThreadClock {

  /**
   * The tick at which the thread must enter the scheduler: the end of its time slice, the tick of
   * its next logged decision (replay), at once (0) when a thread comes back or an event was read.
   */
  public volatile long switchAt;

  /** The agent's state of this thread, whose {@link AgentGuard#busy} stops ticks from counting. */
  public final AgentGuard owner;

  protected BatonClock(int ordinal, Thread thread, AgentGuard owner) {
    super(ordinal, thread);
    this.owner = owner == null ? new AgentGuard() : owner;
  }

  /**
   * The fast path of a {@code monitorenter} by this thread while it holds the baton, after its
   * tick: takes {@code monitor} in the scheduler's model if no other thread can hold it; false
   * sends the enter to the agent's slow path.
   */
  public abstract boolean enterFast(Object monitor);
}
