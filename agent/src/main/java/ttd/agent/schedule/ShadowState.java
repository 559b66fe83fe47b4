package ttd.agent.schedule;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
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
 * <p>Thousands of threads can be alive at once (virtual threads, each bound to a native thread),
 * so nothing a decision asks walks every live thread: threads are grouped by state ({@link #set}
 * is the only way a state changes), the threads that may hold a monitor are listed as they take
 * one, and the threads back from a wait as they arrive. With 2 000 virtual threads, walks of
 * every live thread at each decision were half of a recording's samples.
 */
final class ShadowState {

  /** Live threads by ordinal. */
  private final NavigableMap<Integer, SchedThread> live = new TreeMap<>();
  /** Live threads by state, by ordinal; {@code RUNNABLE} and {@code MONITOR} share one map. */
  private final Map<State, NavigableMap<Integer, SchedThread>> byState = new EnumMap<>(State.class);
  /** The threads that may run: runnable, or wanting a monitor. */
  private final NavigableMap<Integer, SchedThread> ready = new TreeMap<>();
  /**
   * Threads that took a monitor since they were last seen holding none ({@link #holders} drops
   * the others). A thread lists itself as it takes one ({@link SchedThread#acquire}), on its own
   * thread while it holds the baton, hence the list's own lock.
   */
  private final List<SchedThread> mayHold = new ArrayList<>();
  /** Threads ended in the model whose real thread may still be finishing (pruned as they die). */
  private final List<SchedThread> finishing = new ArrayList<>();
  private final Map<Long, SchedThread> byId = new HashMap<>();
  /** Threads back from a timed or external wait since {@link #arrived()} last looked. */
  private final NavigableMap<Integer, SchedThread> arrivals = new TreeMap<>();

  ShadowState() {
    for (State state : State.values()) {
      byState.put(state, state == State.RUNNABLE || state == State.MONITOR ? ready : new TreeMap<>());
    }
  }

  Collection<SchedThread> live() {
    return live.values();
  }

  void add(SchedThread t) {
    live.put(t.ordinal, t);
    byId.put(t.thread.getId(), t);
    t.model = this;
    if (t.state != State.DONE) {
      byState.get(t.state).put(t.ordinal, t);
    }
    if (t.heldCount > 0) {
      listHolder(t);
    }
  }

  /** The only way a thread's state changes, so that the groups by state stay true. */
  void set(SchedThread t, State state) {
    boolean modelled = live.get(t.ordinal) == t;
    if (modelled) {
      byState.get(t.state).remove(t.ordinal, t);
    }
    t.state = state;
    if (modelled && state != State.DONE) {
      byState.get(state).put(t.ordinal, t);
    }
  }

  /** {@code t} took a monitor while it held none: it is a holder to look at ({@link #holders}). */
  void listHolder(SchedThread t) {
    synchronized (mayHold) {
      if (!t.listedHolder) {
        t.listedHolder = true;
        mayHold.add(t);
      }
    }
  }

  /** The thread ended: it leaves the model, and its joiners may go on. */
  void ended(SchedThread t) {
    if (live.remove(t.ordinal, t)) {
      byId.remove(t.thread.getId(), t);
      for (NavigableMap<Integer, SchedThread> group : byState.values()) {
        group.remove(t.ordinal, t);
      }
      arrivals.remove(t.ordinal, t);
    }
    for (int i = finishing.size() - 1; i >= 0; i--) {
      if (!finishing.get(i).thread.isAlive()) {
        finishing.remove(i);
      }
    }
    finishing.add(t);
    List<SchedThread> joiners = new ArrayList<>(0);
    for (SchedThread j : byState.get(State.JOIN).values()) {
      if (j.joining == t) {
        joiners.add(j);
      }
    }
    for (SchedThread j : joiners) {
      runnable(j);
    }
  }

  SchedThread byOrdinal(int ordinal) {
    return live.get(ordinal);
  }

  SchedThread byId(long id) {
    return byId.get(id);
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
    for (SchedThread t : holders()) {
      if (t.holds(monitor)) {
        return t;
      }
    }
    return null;
  }

  /** Whether a thread other than {@code t} holds a monitor. */
  boolean othersHold(SchedThread t) {
    for (SchedThread o : holders()) {
      if (o != t) {
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
    for (SchedThread t : ready.values()) {
      if (t != s && canRun(t, holders)) {
        out.add(t);
      }
    }
    return out;
  }

  /**
   * The thread after {@code s} in ordinal order (wrapping round) that could run now, or null:
   * round robin without a list of every candidate.
   */
  SchedThread firstEligibleAfter(SchedThread s) {
    List<SchedThread> holders = holders();
    SchedThread t = firstEligible(ready.tailMap(s.ordinal, false).values(), holders);
    return t != null ? t : firstEligible(ready.headMap(s.ordinal, false).values(), holders);
  }

  private static SchedThread firstEligible(Collection<SchedThread> threads, List<SchedThread> holders) {
    for (SchedThread t : threads) {
      if (canRun(t, holders)) {
        return t;
      }
    }
    return null;
  }

  /** The threads that hold a monitor: few, whatever the number of threads alive. */
  private List<SchedThread> holders() {
    List<SchedThread> holders = new ArrayList<>(2);
    synchronized (mayHold) {
      for (int i = mayHold.size() - 1; i >= 0; i--) {
        SchedThread t = mayHold.get(i);
        if (t.heldCount > 0 && t.state != State.DONE) {
          holders.add(t);
        } else {
          t.listedHolder = false;
          mayHold.set(i, mayHold.get(mayHold.size() - 1));
          mayHold.remove(mayHold.size() - 1);
        }
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
      for (SchedThread t : byState.get(State.WAIT).values()) {
        if (t.waitingOn == monitor
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
    set(t, State.MONITOR);
    t.timed = false;
    t.arrived = false;
  }

  void runnable(SchedThread t) {
    set(t, State.RUNNABLE);
    t.timed = false;
    t.arrived = false;
  }

  boolean blockedWithTimeout(SchedThread t) {
    return t.timed && (t.state == State.WAIT || t.state == State.PARK || t.state == State.JOIN);
  }

  /** A thread back from a timed or external wait waits to be let in (record). */
  void arrive(SchedThread t) {
    t.arrived = true;
    if (live.get(t.ordinal) == t) {
      arrivals.put(t.ordinal, t);
    }
  }

  /** The threads back from a timed or external wait, waiting to be let in (record); the caller lets them in. */
  List<SchedThread> arrived() {
    if (arrivals.isEmpty()) {
      return List.of();
    }
    List<SchedThread> out = new ArrayList<>(arrivals.size());
    for (SchedThread t : arrivals.values()) {
      if (t.arrived) {
        out.add(t);
      }
    }
    arrivals.clear();
    return out;
  }

  /** The thread that resumes at this idle period (replay), or null. */
  SchedThread resumingAt(long period) {
    for (SchedThread t : live.values()) {
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
    List<SchedThread> holders = holders();
    boolean userThread = false;
    for (SchedThread t : live.values()) {
      if (canRun(t, holders) || t.timed || t.state == State.EXTERNAL) {
        return false;
      }
      userThread |= !t.thread.isDaemon();
    }
    return userThread;
  }
}
