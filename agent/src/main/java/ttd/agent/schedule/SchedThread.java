package ttd.agent.schedule;

import ttd.runtime.AgentGuard;
import ttd.runtime.BatonClock;
import ttd.runtime.ReplayPosition;

/**
 * The scheduler's view of one recorded thread: where it is in its own timeline (ticks), what it
 * waits for, and which monitors it holds in the shadow model.
 *
 * <p>Its ordinal, thread and ticks are in the bootstrap {@link ReplayPosition.ThreadClock}, where
 * a debugger finds them; its {@code switchAt} in {@link BatonClock}, where the tick fast path of
 * the hooks reads it. Every field but {@code switchAt} and {@code ticks} is read and written under
 * the scheduler's lock or by the thread holding the baton (only one thread runs, so the baton
 * hand-over, which passes through a monitor, orders the accesses).
 */
public final class SchedThread extends BatonClock {

  /** What the thread is doing, as far as the scheduler is concerned. */
  enum State {
    /** Can run (it may hold the baton). */
    RUNNABLE,
    /** Wants {@link #want}: blocked on entry, or back from a wait and re-acquiring it. */
    MONITOR,
    /** In the wait set of {@link #waitingOn}. */
    WAIT,
    /** In {@code LockSupport.park} without a permit. */
    PARK,
    /** Joining {@link #joining}. */
    JOIN,
    /** Outside the scheduler: sleeping, blocked in real I/O or in a wait on a JDK-held monitor. */
    EXTERNAL,
    /** Ended. */
    DONE
  }

  private final Object ownGate = new Object();

  long budgetEnd;
  /** Whether, in this time slice, a thread other than this one holds a monitor in the model. */
  boolean othersHold;
  /** Record: when a timed block ends, in {@code System.nanoTime} terms. */
  long deadline;

  State state = State.RUNNABLE;
  /**
   * What {@code Thread.getState()} shows of this thread while it is {@link State#EXTERNAL}: the
   * state a plain run has in that call ({@code TIMED_WAITING} in a sleep, {@code RUNNABLE} in
   * blocking I/O); null for the real one. The real state depends on where the thread is on its
   * way back (sleeping, or already waiting for the baton), and a replay does not sleep at all.
   */
  Thread.State shown;
  /** What the real thread waits on for the baton: its own gate, or the monitor it waits in. */
  volatile Object gate = ownGate;
  Object want;
  /** Whether {@link #want} is a monitor to take again after a wait (modelled), as opposed to none. */
  boolean rewant;
  Object waitingOn;
  long waitOrder;
  SchedThread joining;
  boolean permit;
  /** Record: the permit came from an unpark by a thread the scheduler does not run ({@link Parking}). */
  boolean outsidePermit;
  /**
   * Interrupted by the baton holder while waiting for the baton: the real wait on its gate
   * consumes the JVM's interrupt status at a moment only the JVM decides, so until the thread
   * holds the baton again (and sets its status back), the program reads it from here ({@link
   * Scheduler#interruptHeld}).
   */
  volatile boolean interruptHeld;
  /** Blocked with a timeout (record: a real timer; replay: the log lets it back in). */
  boolean timed;
  /**
   * Record: when this thread came in from outside to run the JVM's shutdown ({@link
   * Scheduler#adopt}, a signal's handler), in {@code System.nanoTime} terms; 0 for the others.
   */
  volatile long adoptedAt;
  /** Neighbours in the queue of threads waiting for the baton on their own gates ({@link BatonWait}). */
  SchedThread waitPrev;
  SchedThread waitNext;
  /** Record: back from a timed or external wait, to be let in by the running thread. */
  boolean arrived;
  /** Replay: the idle period at which this thread resumes (-1: it is let in by another). */
  long resumeAtIdle = -1;
  /**
   * The monitor {@link #enterFast} noted last: in {@link #held}, and nobody else holds one in this
   * slice, so entering it again is one compare instead of a scan of the list (a lock taken in a
   * loop is the same monitor each time). Null when the slice or the list changes.
   */
  private Object lastFast;
  /** Monitors held in the shadow model (a few may have been left already, see {@link #acquire}). */
  Object[] held = new Object[8];
  int heldCount;
  /** The model this thread is in ({@link ShadowState#add}); it learns of monitors taken. */
  ShadowState model;
  /** Whether {@link #model} lists this thread among those that may hold a monitor. */
  boolean listedHolder;
  /** Scratch space for the identity-hash bracket of the scheduler's slow paths. */
  public final int[] hash = new int[4];
  /**
   * Replay only: the thread ran past its last recorded event (the recorded JVM exited while it was
   * still blocked) and waits there for the JVM's exit; it holds the baton, but is not stuck.
   */
  public volatile boolean pastItsRecording;
  /** The recorded decision read last (replay). */
  final Decision next = new Decision();

  /** @param owner the session's state for this thread (its log or cursor, its agent guard) */
  public SchedThread(int ordinal, Thread thread, AgentGuard owner) {
    super(ordinal, thread, owner);
  }

  /**
   * A {@code monitorenter} while this thread holds the baton: if no other thread holds a monitor
   * in this time slice, none can block, and the model only notes the monitor.
   */
  @Override
  public boolean enterFast(Object monitor) {
    if (monitor == lastFast) {
      return true;
    }
    if (othersHold) {
      return false;
    }
    acquire(monitor);
    lastFast = monitor;
    return true;
  }

  /** A new time slice: {@link #othersHold} is decided again, so the fast monitor is forgotten. */
  /** Record: let in after a wait and not yet run since ({@link SchedulePolicy#admitted}). */
  boolean wokePending;

  void startSlice(boolean othersHoldNow) {
    othersHold = othersHoldNow;
    wokePending = false;
    lastFast = null;
  }

  public Thread thread() {
    return thread;
  }

  /** Whether the thread has ended, as far as the program is concerned. */
  public boolean ended() {
    return state == State.DONE;
  }

  /** What the thread waits for in the scheduler, as a report names it. */
  public String waits() {
    if (resumeAtIdle >= 0) {
      return "waits to resume the idle run at idle period " + resumeAtIdle;
    }
    switch (state) {
      case RUNNABLE:
        return "can run, waits for the baton";
      case MONITOR:
        return "waits for a monitor";
      case WAIT:
        return "waits to be notified";
      case PARK:
        return "is parked";
      case JOIN:
        return "joins thread #" + joining.ordinal;
      case EXTERNAL:
        return "is back from a sleep or blocking call, waits to be let in";
      default:
        return "has ended";
    }
  }

  Object ownGate() {
    return ownGate;
  }

  /** Whether this thread holds {@code monitor} in the shadow model. */
  boolean holds(Object monitor) {
    for (int i = 0; i < heldCount; i++) {
      if (held[i] == monitor) {
        return true;
      }
    }
    return false;
  }

  /**
   * Notes a monitor this thread takes. Exits are not hooked (a call next to a {@code monitorexit}
   * makes the JIT refuse the method): the list is pruned of monitors the thread no longer really
   * holds whenever it hands the baton on ({@link #prune}) and whenever it grows long.
   */
  void acquire(Object monitor) {
    if (holds(monitor)) {
      return;
    }
    if (heldCount == held.length) {
      prune();
      if (heldCount == held.length) {
        held = java.util.Arrays.copyOf(held, heldCount * 2);
      }
    }
    held[heldCount++] = monitor;
    if (!listedHolder && model != null) {
      model.listHolder(this);
    }
  }

  /** Drops the monitors this thread no longer holds; only on this thread itself. */
  void prune() {
    lastFast = null;
    int kept = 0;
    for (int i = 0; i < heldCount; i++) {
      if (Thread.holdsLock(held[i])) {
        held[kept++] = held[i];
      }
    }
    java.util.Arrays.fill(held, kept, heldCount, null);
    heldCount = kept;
  }

  /** Drops {@code monitor} (a wait releases it); false if it was not held. */
  boolean releaseAll(Object monitor) {
    lastFast = null;
    for (int i = heldCount - 1; i >= 0; i--) {
      if (held[i] == monitor) {
        heldCount--;
        System.arraycopy(held, i + 1, held, i, heldCount - i);
        held[heldCount] = null;
        return true;
      }
    }
    return false;
  }

  String name() {
    return thread.getName();
  }
}
