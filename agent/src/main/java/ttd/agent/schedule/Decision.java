package ttd.agent.schedule;

import ttd.log.EventKind;

/** A scheduling event read back from a thread's log in replay: kind, thread and tick. */
public final class Decision {

  EventKind kind;
  /** The ordinal of the thread switched to or let in; -1 for none. */
  int thread;
  long value;

  /** Fills this from a log event; {@code site} holds the ordinal + 1. */
  public void set(EventKind kind, int site, long value) {
    this.kind = kind;
    this.thread = site - 1;
    this.value = value;
  }

  @Override
  public String toString() {
    return kind.description() + (thread >= 0 ? " to thread #" + thread : " to no thread") + " at tick " + value;
  }
}
