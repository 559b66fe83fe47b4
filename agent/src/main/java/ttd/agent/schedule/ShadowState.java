package ttd.agent.schedule;

import java.util.ArrayList;
import java.util.List;
import ttd.agent.schedule.SchedThread.State;

/**
 * The shadow model of the scheduled threads (Fray's shadow locking): who holds which monitor,
 * who waits for what, and so who could run. Monitors are found by identity in the holders' short
 * lists rather than in a map, so the model never asks an object for its identity hash (which
 * would change the program's hash codes).
 *
 * <p>Callers hold the scheduler's lock, or the baton when they only read (only the baton holder
 * changes what threads hold).
 */
final class ShadowState {

  /** Live threads in ordinal order. */
  private final List<SchedThread> live = new ArrayList<>();
  /** Threads ended in the model whose real thread may still be finishing (pruned as they die). */
  private final List<SchedThread> finishing = new ArrayList<>();

  List<SchedThread> live() {
    return live;
  }

  void add(SchedThread t) {
    int i = live.size();
    while (i > 0 && live.get(i - 1).ordinal > t.ordinal) {
      i--;
    }
    live.add(i, t);
  }

  /** The thread ended: it leaves the model, and its joiners may go on. */
  void ended(SchedThread t) {
    live.remove(t);
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
    for (SchedThread t : live) {
      if (t.ordinal == ordinal) {
        return t;
      }
    }
    return null;
  }

  SchedThread byThread(Thread thread) {
    for (SchedThread t : live) {
      if (t.thread == thread) {
        return t;
      }
    }
    return null;
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
    return t.state == State.RUNNABLE || t.state == State.MONITOR && holderOf(t.want) == null;
  }

  /** The threads other than {@code s} that could run now, in ordinal order. */
  List<SchedThread> eligibleOthers(SchedThread s) {
    List<SchedThread> out = new ArrayList<>(2);
    for (SchedThread t : live) {
      if (t != s && eligible(t)) {
        out.add(t);
      }
    }
    return out;
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

  /** The threads back from a timed or external wait, waiting to be let in (record). */
  List<SchedThread> arrived() {
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
