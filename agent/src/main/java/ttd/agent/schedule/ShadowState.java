package ttd.agent.schedule;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ttd.agent.schedule.SchedThread.State;

/**
 * The shadow model of the scheduled threads (Fray's shadow locking): who holds which monitor,
 * who waits for what, and so who could run. Monitors are found by identity in the holders' short
 * lists rather than in a map, so the model never asks an object for its identity hash (which
 * would change the program's hash codes).
 *
 * <p>Callers hold the scheduler's lock, or the baton when they only read (only the baton holder
 * changes what threads hold).
 *
 * <p>Thousands of threads can be alive at once (virtual threads): lookups by thread and ordinal go
 * through maps keyed by the thread's id and ordinal (never by identity), a point of choice looks
 * up the few monitor holders once rather than once per waiting thread, and the threads that came
 * back are only looked for when one did.
 */
final class ShadowState {

  /** Live threads in ordinal order. */
  private final List<SchedThread> live = new ArrayList<>();
  /** Threads ended in the model whose real thread may still be finishing (pruned as they die). */
  private final List<SchedThread> finishing = new ArrayList<>();
  private final Map<Long, SchedThread> byId = new HashMap<>();
  private final Map<Integer, SchedThread> byOrdinal = new HashMap<>();
  /** Whether a thread may have arrived since {@link #arrived()} last looked. */
  private boolean arrivals;

  List<SchedThread> live() {
    return live;
  }

  void add(SchedThread t) {
    int i = live.size();
    while (i > 0 && live.get(i - 1).ordinal > t.ordinal) {
      i--;
    }
    live.add(i, t);
    byId.put(t.thread.getId(), t);
    byOrdinal.put(t.ordinal, t);
  }

  /** The thread ended: it leaves the model, and its joiners may go on. */
  void ended(SchedThread t) {
    if (live.remove(t)) {
      byId.remove(t.thread.getId(), t);
      byOrdinal.remove(t.ordinal, t);
    }
    for (int i = finishing.size() - 1; i >= 0; i--) {
      if (!finishing.get(i).thread.isAlive()) {
        finishing.remove(i);
      }
    }
    finishing.add(t);
    for (SchedThread j : live) {
      if (j.state == State.JOIN && j.joining == t) {
        runnable(j);
      }
    }
  }

  SchedThread byOrdinal(int ordinal) {
    return byOrdinal.get(ordinal);
  }

  SchedThread byThread(Thread thread) {
    SchedThread t = thread == null ? null : byId.get(thread.getId());
    return t != null && t.thread == thread ? t : null;
  }

  /** A thread that ended in the model while its real thread may still be finishing, or null. */
  SchedThread finishingThread(Thread thread) {
    for (SchedThread t : finishing) {
      if (t.thread == thread) {
        return t;
      }
    }
    return null;
  }

  SchedThread holderOf(Object monitor) {
    for (SchedThread t : live) {
      if (t.holds(monitor)) {
        return t;
      }
    }
    return null;
  }

  /** Whether a thread other than {@code t} holds a monitor. */
  boolean othersHold(SchedThread t) {
    for (SchedThread o : live) {
      if (o != t && o.heldCount > 0) {
        return true;
      }
    }
    return false;
  }

  boolean eligible(SchedThread t) {
    return canRun(t, t.state == State.MONITOR ? holders() : List.of());
  }

  /** The threads other than {@code s} that could run now, in ordinal order. */
  List<SchedThread> eligibleOthers(SchedThread s) {
    List<SchedThread> holders = holders();
    List<SchedThread> out = new ArrayList<>(2);
    for (SchedThread t : live) {
      if (t != s && canRun(t, holders)) {
        out.add(t);
      }
    }
    return out;
  }

  /** The threads that hold a monitor: few, whatever the number of threads alive. */
  private List<SchedThread> holders() {
    List<SchedThread> holders = new ArrayList<>(2);
    for (SchedThread t : live) {
      if (t.heldCount > 0) {
        holders.add(t);
      }
    }
    return holders;
  }

  /** Runnable, or wanting a monitor none of {@code holders} holds. */
  private static boolean canRun(SchedThread t, List<SchedThread> holders) {
    if (t.state == State.RUNNABLE) {
      return true;
    }
    if (t.state != State.MONITOR) {
      return false;
    }
    for (SchedThread h : holders) {
      if (h.holds(t.want)) {
        return false;
      }
    }
    return true;
  }

  /** Moves the longest waiter (or every waiter) on {@code monitor} to re-acquiring it. */
  void notify(Object monitor, boolean all) {
    while (true) {
      SchedThread first = null;
      for (SchedThread t : live) {
        if (t.state == State.WAIT && t.waitingOn == monitor
            && (first == null || t.waitOrder < first.waitOrder)) {
          first = t;
        }
      }
      if (first == null) {
        return;
      }
      toMonitor(first);
      if (!all) {
        return;
      }
    }
  }

  /** An interrupt: a waiting, parked or joining thread stops waiting. */
  void wake(SchedThread t) {
    if (t.state == State.WAIT) {
      toMonitor(t);
    } else if (t.state == State.PARK || t.state == State.JOIN) {
      runnable(t);
    }
  }

  /** The thread's timeout passed or its external wait ended; false if it was not waiting. */
  boolean timeOut(SchedThread t) {
    if (t.state == State.WAIT) {
      toMonitor(t);
      return true;
    }
    if (t.state == State.PARK || t.state == State.JOIN || t.state == State.EXTERNAL) {
      runnable(t);
      return true;
    }
    return false;
  }

  private void toMonitor(SchedThread t) {
    t.want = t.waitingOn;
    t.waitingOn = null;
    t.state = State.MONITOR;
    t.timed = false;
    t.arrived = false;
  }

  private static void runnable(SchedThread t) {
    t.state = State.RUNNABLE;
    t.timed = false;
    t.arrived = false;
  }

  boolean blockedWithTimeout(SchedThread t) {
    return t.timed && (t.state == State.WAIT || t.state == State.PARK || t.state == State.JOIN);
  }

  /** A thread back from a timed or external wait waits to be let in (record). */
  void arrive(SchedThread t) {
    t.arrived = true;
    arrivals = true;
  }

  /** The threads back from a timed or external wait, waiting to be let in (record); the caller lets them in. */
  List<SchedThread> arrived() {
    if (!arrivals) {
      return List.of();
    }
    arrivals = false;
    List<SchedThread> out = new ArrayList<>(0);
    for (SchedThread t : live) {
      if (t.arrived) {
        out.add(t);
      }
    }
    return out;
  }

  /** The thread that resumes at this idle period (replay), or null. */
  SchedThread resumingAt(long period) {
    for (SchedThread t : live) {
      if (t.resumeAtIdle == period) {
        return t;
      }
    }
    return null;
  }

  /**
   * Whether nobody can ever run again: no thread could run, none will come back by itself (a
   * timeout, a sleep, real I/O), and a thread the JVM waits for (not a daemon) is among them.
   */
  boolean deadlocked() {
    boolean userThread = false;
    for (SchedThread t : live) {
      if (eligible(t) || t.timed || t.state == State.EXTERNAL) {
        return false;
      }
      userThread |= !t.thread.isDaemon();
    }
    return userThread;
  }
}
