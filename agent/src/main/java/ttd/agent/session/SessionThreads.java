package ttd.agent.session;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import ttd.agent.identity.HashState;
import ttd.agent.identity.SharedHashes;
import ttd.agent.identity.ThreadIds;
import ttd.agent.identity.ThreadSeeds;
import ttd.agent.identity.WeakReferents;
import ttd.agent.schedule.SchedThread;
import ttd.agent.schedule.Scheduler;
import ttd.log.EventKind;
import ttd.runtime.HookDelegate;
import ttd.runtime.ReplayPosition;

/**
 * Which threads are the program's, and the guard around agent code on them.
 *
 * <p>Main is thread 0; every thread a recorded thread starts gets the next ordinal at {@code
 * Thread.start} (the parent logs it) and becomes a recorded thread at its first instruction. On a
 * recorded thread, {@link #enter()} marks agent code as running (so hooks it triggers pass
 * through) and saves the thread's identity-hash state, which {@link #exit} puts back. Every recorded
 * thread is also a thread of the {@link Scheduler}: a started thread waits for the baton before
 * its first instruction, and an ending thread passes it on.
 */
public abstract class SessionThreads implements HookDelegate {

  protected final ProgramThreads threads = new ProgramThreads();
  private final Map<Long, ThreadState> pendingStarts = new ConcurrentHashMap<>();
  /** Every recorded thread, for flushing them all at the end. */
  protected final Queue<ThreadState> allThreads = new ConcurrentLinkedQueue<>();
  protected Scheduler scheduler;
  private final WeakReferents weakReferents = new WeakReferents();
  private final AtomicInteger nextOrdinal = new AtomicInteger(1);
  /** Outside threads beginning the JVM's shutdown: the first is adopted, the others wait for it. */
  private final ShutdownOutsiders outsiders = new ShutdownOutsiders();
  protected volatile boolean active = true;
  protected volatile Integer exitStatus;
  /** The signal whose JVM handler ended the program (SIGINT 2, SIGTERM 15, SIGHUP 1), or 0. */
  protected volatile int exitSignal;
  protected volatile boolean mainDiedUncaught;

  protected SessionThreads() {
    EvaluationFence.load();
    UnfollowedThreads.load();
  }

  protected abstract long exchangeLong(ThreadState t, EventKind kind, int site, long original);

  protected abstract String exchangeString(ThreadState t, EventKind kind, int site, String original);

  /** Starts a thread's log (record) or cursor (replay) and restores its identity-hash state. */
  protected abstract void beginThread(ThreadState t);

  /** Flushes what a finished thread buffered. */
  protected abstract void endThread(ThreadState t);

  /** The main thread is about to end while it still holds the baton (nothing by default). */
  protected void mainEnding(ThreadState t) {}

  protected abstract ThreadState newThreadState(int ordinal, String name, boolean main);

  /** Registers the thread that runs premain (and then main) as ordinal 0. */
  public void adoptMainThread() {
    Thread current = Thread.currentThread();
    ThreadState t = newThreadState(0, current.getName(), true);
    t.sched = new SchedThread(0, current, t);
    allThreads.add(t);
    threads.register(t);
    t.busy = true;
    try {
      scheduler.adoptMain(t.sched);
      t.scheduled = true;
      beginThread(t); // restores the thread's hash state itself, last
    } finally {
      t.busy = false;
    }
  }

  /** The next ordinal (record): also the one the thread that begins the shutdown from outside gets. */
  protected final int nextOrdinal() {
    return nextOrdinal.getAndIncrement();
  }

  /** The calling thread's state if the program started it and the agent is not already busy. */
  protected final ThreadState enter() {
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
  protected final ThreadState enterFast() {
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
   * Leaves agent code. The thread's identity-hash state is put back as it was on entry: agent code
   * (class initialisation, Chronicle, reports) may hash objects, and it runs differently in record
   * and replay, so it must not move the program's own sequence of hash codes.
   */
  protected final void exit(ThreadState t) {
    if (HashState.available()) {
      HashState.write(t.hash);
    }
    if (HashTrace.on()) {
      HashTrace.note(t);
    }
    t.busy = false;
  }


  /**
   * A class the JDK spins for its own code is defined on a program thread: from a state seeded by
   * the class, so that the program's own sequence of identity hashes is the same whether or not the
   * JDK had to spin it here (ttd's code, which differs between recording and replaying, may have
   * made it already). A definition that threw leaves the program's state saved, and the next one
   * puts it back.
   */
  @Override
  public void onClassDefining(int seed) {
    if (!active || !HashState.available()) {
      return;
    }
    ThreadState t = threads.get();
    if (t == null || t.busy) {
      return;
    }
    if (!t.definingJdkClass) {
      HashState.save(t.definitionHash);
      t.definingJdkClass = true;
    }
    HashState.write(HashState.seeded(seed));
  }

  @Override
  public void onClassDefined() {
    if (!active) {
      return;
    }
    ThreadState t = threads.get();
    if (t == null || t.busy || !t.definingJdkClass) {
      return;
    }
    t.definingJdkClass = false;
    HashState.write(t.definitionHash);
  }

  /** A thread the program makes (not ttd, not a thread outside the session) gets the program's next id. */
  @Override
  public long onThreadId(long original) {
    if (!active) {
      return original;
    }
    ThreadState t = threads.get();
    return t == null || t.busy ? original : ThreadIds.nextForProgram(original);
  }

  /**
   * A program thread's draw from {@code ThreadLocalRandom}'s seed generator gets the value its
   * ordinal gives ({@link ThreadSeeds}): when the JDK draws it is timing, under contention. Agent
   * code on the thread included: whatever draws first, the program or ttd's own use of a {@code
   * ConcurrentHashMap}, sets the seed the program then uses.
   */
  @Override
  public long onThreadSeedDraw(long original, int site) {
    ThreadState t = threads.get();
    return t == null ? original : t.seeds.nextSeed(site);
  }

  @Override
  public void onWeakReferenceCreated(Object referent) {
    weakReferents.hold(referent);
  }

  @Override
  public int onThreadProbeDraw(int original) {
    ThreadState t = threads.get();
    return t == null ? original : t.seeds.nextProbe();
  }

  @Override
  public void onThreadStart(Thread thread) {
    if (ReplayPosition.evaluating) {
      throw EvaluationFence.threadStart();
    }
    if (thread.getState() == Thread.State.NEW) {
      SharedHashes.thread(thread);
    }
    ThreadState t = enter();
    if (t == null) {
      return;
    }
    try {
      if (isJdkSystemThread(thread) || !ThreadIds.isProgram(thread.getId())) {
        return; // the JDK's own (the process reaper, cleaners) or ttd's, even when a program thread starts it
      }
      if (thread.getState() != Thread.State.NEW) {
        return; // the real start throws
      }
      int ordinal = nextOrdinal.getAndIncrement();
      if (ordinal == reservedOrdinal()) {
        ordinal = nextOrdinal.getAndIncrement();
      }
      ThreadState child = newThreadState(ordinal, thread.getName(), false);
      child.sched = new SchedThread(ordinal, thread, child);
      pendingStarts.put(thread.getId(), child);
      exchangeLong(t, EventKind.THREAD_START, 0, ordinal);
      if (scheduler.runs(t.sched)) {
        scheduler.started(child.sched);
        child.scheduled = true;
      }
    } finally {
      exit(t);
    }
  }

  /**
   * An ordinal no started thread gets (replay: the recording gave it to the thread that began the
   * JVM's shutdown from outside the program, see {@link #onShutdown}); -1 for none.
   */
  protected int reservedOrdinal() {
    return -1;
  }

  /**
   * The JVM's shutdown sequence begins on this thread, which will run the program's shutdown
   * hooks. Hooks are program code: they run as scheduled threads, started and joined by the thread
   * that runs the sequence, so that this thread must be a scheduled thread too.
   *
   * <p>A scheduled thread (one that calls {@code System.exit}) goes on if no other thread has begun
   * the shutdown; otherwise it leaves the scheduler for good, as the JDK makes it wait forever on
   * its shutdown lock (which JDK code takes, so the model must know it). A thread from outside the
   * program (the JVM's own after the last non-daemon thread ended, a signal's handler, a thread
   * ttd does not run calling {@code System.exit}) is adopted: it gets an ordinal, which the
   * recording's header names so that the replay gives it to the same thread, and it comes in as a
   * thread back from a blocking call does (let in by the running thread, or resuming an idle
   * program: both logged). Only one thread runs the sequence; another outsider waits until the
   * adopted one has gone on (the JDK then makes it wait on the shutdown lock).
   *
   * @param byExit whether {@code Shutdown.exit(status)} began it (else the JVM's own thread)
   */
  @Override
  public void onShutdown(boolean byExit, int status) {
    if (!active) {
      return;
    }
    if (byExit && exitStatus == null) {
      exitStatus = status; // a signal's handler calls Shutdown.exit without Runtime.exit
    }
    ThreadState t = enter();
    if (t != null) {
      try {
        if (scheduler.runs(t.sched)) {
          runShutdownOrLeave(t.sched);
        }
      } finally {
        exit(t);
      }
    } else if (threads.get() == null) {
      outsiders.beginShutdown(this::adoptShutdownThread);
    }
  }

  /** The thread holding the baton begins the shutdown: it runs it, or waits forever in the JVM. */
  private void runShutdownOrLeave(SchedThread s) {
    if (!scheduler.beginShutdown(s)) {
      scheduler.blockingBegin(s, null); // never comes back: the JDK holds it on its shutdown lock
    }
  }

  /**
   * Makes the calling outside thread a scheduled thread of the program, under the ordinal {@link
   * #shutdownThreadOrdinal} gives it; waits until it is let in and holds the baton.
   */
  private void adoptShutdownThread() {
    Thread current = Thread.currentThread();
    int ordinal = scheduler.enabled() ? shutdownThreadOrdinal(current) : -1;
    if (ordinal < 0) {
      return;
    }
    ThreadState t = newThreadState(ordinal, current.getName(), false);
    t.sched = new SchedThread(ordinal, current, t);
    threads.register(t);
    allThreads.add(t);
    t.busy = true;
    try {
      beginThread(t); // restores the thread's hash state itself, last
      t.scheduled = true;
      boolean bracket = HashState.available();
      if (bracket) {
        HashState.save(t.sched.hash);
      }
      try {
        scheduler.adopt(t.sched);
        if (scheduler.runs(t.sched)) {
          runShutdownOrLeave(t.sched);
        }
      } finally {
        if (bracket) {
          HashState.write(t.sched.hash);
        }
      }
    } finally {
      t.busy = false;
    }
  }

  /**
   * The ordinal of the outside thread that begins the JVM's shutdown: record gives it the next one
   * and notes it in the recording's header, replay the one the header names; -1 if it cannot (the
   * thread then runs the shutdown unscheduled, as any thread outside the program).
   */
  protected abstract int shutdownThreadOrdinal(Thread thread);

  /**
   * An {@code InnocuousThread} (JDK 25's process reaper, cleaners) or a thread of the root group
   * (17's), unless it does the program's I/O ({@link ProgramIoThreads}).
   */
  private static boolean isJdkSystemThread(Thread thread) {
    ThreadGroup group = thread.getThreadGroup();
    return group != null && group.getParent() == null
        || thread.getClass().getName().equals("jdk.internal.misc.InnocuousThread") && !ProgramIoThreads.starting();
  }

  @Override
  public void onThreadRun(Thread thread) {
    if (!active || pendingStarts.isEmpty()) {
      return;
    }
    ThreadState t = pendingStarts.get(thread.getId());
    if (t == null) {
      return;
    }
    threads.register(t);
    pendingStarts.remove(thread.getId()); // registered first: a contended removal draws a seed
    allThreads.add(t);
    t.busy = true;
    try {
      beginThread(t); // restores the thread's hash state itself, last
      if (t.scheduled) {
        beginScheduled(t);
      }
    } finally {
      t.busy = false;
    }
  }

  /**
   * Waits for the baton at the thread's first instruction, inside a hash bracket. Written out
   * rather than passed as a lambda: the first evaluation of a lambda links its call site, which
   * hashes objects on the calling thread (as many as the JDK's method-handle caches lack, which
   * differs between record and replay), and it would happen before the bracket is in place.
   */
  private void beginScheduled(ThreadState t) {
    boolean bracket = HashState.available();
    if (bracket) {
      HashState.save(t.sched.hash);
    }
    try {
      scheduler.begin(t.sched);
    } finally {
      if (bracket) {
        HashState.write(t.sched.hash);
      }
    }
  }

  @Override
  public void onThreadExit(Thread thread) {
    ThreadState t = enter();
    if (t == null) {
      return;
    }
    try {
      if (t.main) {
        mainEnding(t);
      }
      if (scheduler.runs(t.sched)) {
        scheduler.ended(t.sched);
      }
      endThread(t);
    } finally {
      exit(t);
      threads.forget(); // what the JVM still runs on this thread is not the program's
    }
  }

  @Override
  public void onThreadUncaughtException(Thread thread, Throwable error) {
    ThreadState t = enter();
    if (t == null) {
      return;
    }
    try {
      if (t.main) {
        mainDiedUncaught = true;
      }
      exchangeString(t, EventKind.UNCAUGHT_EXCEPTION, 0, error == null ? "null" : error.getClass().getName());
    } finally {
      exit(t);
    }
  }


  /** Whether a thread was started whose first instruction has not run yet. */
  protected final boolean startsPending() {
    return !pendingStarts.isEmpty();
  }

  /** The status the JVM ends with when nothing called exit: 1 if main died of an exception. */
  protected int endStatus() {
    Integer s = exitStatus;
    return s != null ? s : mainDiedUncaught ? 1 : 0;
  }

  /** Marks the calling thread as running agent code (hooks pass through); returns the old mark. */
  public final boolean enterAgent() {
    ThreadState t = threads.get();
    if (t == null) {
      return false;
    }
    boolean was = t.busy;
    t.busy = true;
    return was;
  }

  public final void leaveAgent(boolean previous) {
    ThreadState t = threads.get();
    if (t != null) {
      t.busy = previous;
    }
  }


  /** Runs {@code action} as agent work on the calling thread, whatever hooks it triggers. */
  protected final void asAgent(Runnable action) {
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
  }}
