package ttd.agent.session;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import ttd.agent.identity.HashState;
import ttd.agent.identity.ThreadIds;
import ttd.agent.schedule.ScheduleLog;
import ttd.agent.schedule.SchedulePolicy;
import ttd.agent.schedule.Scheduler;
import ttd.runtime.ReplayPosition;

/**
 * What every part of the session and both modes share about the run: the program's threads, the
 * scheduler, whether the session still acts, how the program ends, and the guard around agent
 * code on a program thread.
 *
 * <p>On a recorded thread, {@link #enter()} marks agent code as running (so hooks it triggers pass
 * through) and saves the thread's identity-hash state, which {@link #exit} puts back: agent code
 * (class initialisation, Chronicle, reports) may hash objects, and it runs differently in record
 * and replay, so it must not move the program's own sequence of hash codes.
 */
public final class ProgramRun {

  /** The exit status of a run that ended in a deadlock (record and replay alike). */
  public static final int EXIT_DEADLOCK = 88;

  final ProgramThreads threads = new ProgramThreads();
  /** Threads started whose first instruction has not run yet, by thread id. */
  final Map<Long, ThreadState> pendingStarts = new ConcurrentHashMap<>();
  /** Every recorded thread, for flushing them all at the end. */
  private final Queue<ThreadState> allThreads = new ConcurrentLinkedQueue<>();
  private final AtomicInteger nextOrdinal = new AtomicInteger(1);
  private Scheduler scheduler;
  /** Where program threads block in I/O: the scheduler's release point. */
  private final Blocking blocking = new Blocking(new Blocking.Baton() {
    @Override
    public boolean release(ThreadState t, boolean ready) {
      if (!scheduler.runs(t.sched) || !scheduler.leavesFor(t.sched, ready)) {
        return false;
      }
      scheduler.blockingBegin(t.sched, null, Thread.State.RUNNABLE); // as in a plain run's native I/O
      return true;
    }

    @Override
    public void retake(ThreadState t, boolean released) {
      if (released) {
        scheduler.blockingEnd(t.sched);
      }
    }

    @Override
    public boolean holds(ThreadState t) {
      return scheduler.runs(t.sched);
    }

    @Override
    public void offerTurn(ThreadState t) {
      scheduler.endSlice(t.sched);
    }
  });
  volatile boolean active = true;
  volatile Integer exitStatus;
  /** The signal whose JVM handler ended the program (SIGINT 2, SIGTERM 15, SIGHUP 1), or 0. */
  volatile int exitSignal;
  volatile boolean mainDiedUncaught;

  public ProgramRun() {
    EvaluationFence.load();
    UnfollowedThreads.load();
  }

  /** Creates the scheduler, which asks {@code log} for its decisions; called once by the mode. */
  public Scheduler useScheduler(ScheduleLog log, SchedulePolicy policy) {
    scheduler = new Scheduler(log, policy);
    return scheduler;
  }

  public Scheduler scheduler() {
    return scheduler;
  }

  public Blocking blocking() {
    return blocking;
  }

  /** Every thread of the program the session has begun. */
  public Queue<ThreadState> allThreads() {
    return allThreads;
  }

  /** The calling thread's state, or null if it is not a recorded thread. */
  public ThreadState current() {
    return threads.get();
  }

  /** The next ordinal (record): also the one the thread that begins the shutdown from outside gets. */
  public int nextOrdinal() {
    return nextOrdinal.getAndIncrement();
  }

  /** Whether the session still records or replays (else every hook passes through). */
  public boolean active() {
    return active;
  }

  /** Turns the hooks off: the recording stopped, or the JVM is about to halt with a report. */
  public void deactivate() {
    active = false;
  }

  /** The program ends with {@code status}, whatever it was about to end with. */
  public void exitStatus(int status) {
    exitStatus = status;
  }

  /** The signal whose JVM handler ended the program, or 0. */
  public int exitSignal() {
    return exitSignal;
  }

  /** The status the JVM ends with when nothing called exit: 1 if main died of an exception. */
  public int endStatus() {
    Integer s = exitStatus;
    return s != null ? s : mainDiedUncaught ? 1 : 0;
  }

  /** Whether a thread was started whose first instruction has not run yet. */
  public boolean startsPending() {
    return !pendingStarts.isEmpty();
  }

  /** The calling thread's state if the program started it and the agent is not already busy. */
  public ThreadState enter() {
    ThreadState t = enterFast();
    if (t != null && HashState.available()) {
      HashState.save(t.hash);
    }
    return t;
  }

  /**
   * Enters agent code for a value exchange that cannot hash objects (clock and VM figures): no
   * hash-state bracket, since these run millions of times; what may hash in them (a block flush,
   * a block load) brackets itself.
   */
  ThreadState enterFast() {
    if (!active || ReplayPosition.evaluating) {
      return null;
    }
    ThreadState t = threads.get();
    if (t == null || t.busy) {
      return null;
    }
    t.busy = true;
    if (HashTrace.on()) {
      HashTrace.note(t);
    }
    return t;
  }

  /**
   * Makes the identity hashes agent code drew since {@link #enter} the program's: {@link #exit}
   * puts back the state as it is now. For what stands in for the JDK's own hashing (a value
   * codec's {@code touch}), done alike in record and replay.
   */
  public void keepHashes(ThreadState t) {
    if (HashState.available()) {
      HashState.save(t.hash);
    }
  }

  /** Leaves agent code, putting back the thread's identity-hash state as it was on entry. */
  public void exit(ThreadState t) {
    if (HashState.available()) {
      HashState.write(t.hash);
    }
    if (HashTrace.on()) {
      HashTrace.note(t);
    }
    t.busy = false;
  }

  /** The calling thread's state if it holds the baton, inside the agent bracket; else null. */
  ThreadState scheduled() {
    ThreadState t = enter();
    if (t != null && !scheduler.runs(t.sched)) {
      exit(t);
      return null;
    }
    return t;
  }

  /** Marks the calling thread as running agent code (hooks pass through); returns the old mark. */
  boolean enterAgent() {
    ThreadState t = threads.get();
    if (t == null) {
      return false;
    }
    boolean was = t.busy;
    t.busy = true;
    return was;
  }

  void leaveAgent(boolean previous) {
    ThreadState t = threads.get();
    if (t != null) {
      t.busy = previous;
    }
  }

  /** Runs {@code action} as agent work on the calling thread, whatever hooks it triggers. */
  public void asAgent(Runnable action) {
    ThreadState t = threads.get();
    boolean was = t != null && t.busy;
    if (t != null) {
      t.busy = true;
    }
    try {
      action.run();
    } finally {
      if (t != null) {
        t.busy = was;
      }
    }
  }

  /**
   * Whether this is a replay ({@code realIo} false) and the current thread one of the program's
   * that ttd does not follow (the JDK's own threads, one in the JDK's system thread group), not
   * inside ttd's own work: see {@link UnfollowedThreads}.
   */
  boolean unfollowedInReplay(boolean realIo) {
    return !realIo && active && !ReplayPosition.evaluating && threads.get() == null
        && ThreadIds.isProgram(Thread.currentThread().getId());
  }
}
