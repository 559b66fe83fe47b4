package ttd.agent.session;

import java.lang.ref.Reference;
import ttd.agent.identity.FullCollection;
import ttd.agent.identity.HashState;
import ttd.agent.identity.SharedHashes;
import ttd.agent.identity.ThreadIds;
import ttd.agent.identity.ThreadSeeds;
import ttd.agent.identity.WeakReferents;
import ttd.agent.schedule.SchedThread;
import ttd.agent.schedule.Scheduler;
import ttd.log.EventKind;
import ttd.runtime.ReplayPosition;

/**
 * Which threads are the program's: the session's part for thread starts, ends, shutdown, ids,
 * seeds and the classes the JDK spins on them.
 *
 * <p>Main is thread 0; every thread a recorded thread starts gets the next ordinal at {@code
 * Thread.start} (the parent logs it) and becomes a recorded thread at its first instruction. Every
 * recorded thread is also a thread of the {@link Scheduler}: a started thread waits for the baton
 * before its first instruction, and an ending thread passes it on.
 */
final class Threads {

  /** The seed of the hash state lambda forms are made on ({@link #onLambdaFormMaking}). */
  private static final int FORM_SEED = "java/lang/invoke/LambdaForm".hashCode();
  /** The seed of the hash state agents' transformers run on for a JDK class ({@link #onAgentTransforming}). */
  private static final int TRANSFORM_SEED = "sun/instrument/TransformerManager".hashCode();
  /** ttd's own {@code Instrumentation}: its transformer brackets itself ({@code TtdTransformer}). */
  private static volatile Object ownInstrumentation;

  private final ProgramRun run;
  private final ProgramThreads threads;
  private final Scheduler scheduler;
  private final Exchange exchange;
  private final Lifecycle mode;
  private final WeakReferents weakReferents = new WeakReferents();
  private final FullCollection collection = new FullCollection();
  /** Outside threads beginning the JVM's shutdown: the first is adopted, the others wait for it. */
  private final ShutdownOutsiders outsiders = new ShutdownOutsiders();

  Threads(ProgramRun run, Exchange exchange, Lifecycle mode) {
    this.run = run;
    this.threads = run.threads;
    this.scheduler = run.scheduler();
    this.exchange = exchange;
    this.mode = mode;
  }

  /** Registers the thread that runs premain (and then main) as ordinal 0. */
  void adoptMainThread() {
    Thread current = Thread.currentThread();
    ThreadState t = mode.newThreadState(0, current.getName(), true);
    t.sched = new SchedThread(0, current, t);
    run.allThreads().add(t);
    threads.register(t);
    t.busy = true;
    try {
      scheduler.adoptMain(t.sched);
      t.scheduled = true;
      mode.beginThread(t); // restores the thread's hash state itself, last
    } finally {
      t.busy = false;
    }
  }

  /**
   * A class the JDK spins for its own code is defined on a program thread: from a state seeded by
   * the class, so that the program's own sequence of identity hashes is the same whether or not the
   * JDK had to spin it here (ttd's code, which differs between recording and replaying, may have
   * made it already). A definition that threw leaves the program's state saved, and the next one
   * puts it back.
   */
  void onClassDefining(int seed) {
    ThreadState t = hashedProgramThread();
    if (t == null) {
      return;
    }
    if (!t.definingJdkClass) {
      HashState.save(t.definitionHash);
      t.definingJdkClass = true;
    }
    HashState.write(HashState.seeded(seed));
  }

  void onClassDefined() {
    if (!run.active) {
      return;
    }
    ThreadState t = threads.get();
    if (t == null || t.busy || !t.definingJdkClass) {
      return;
    }
    t.definingJdkClass = false;
    HashState.write(t.definitionHash);
  }

  /**
   * A built-in loader loads a class on a program thread: from a state seeded by the class's name, so
   * that the two hashes a load draws are the same wherever it comes, and the program's own sequence
   * is the same whether compiled code loaded the class early (an uncommon trap) or not. The
   * outermost load keeps the program's state and its end puts it back.
   */
  void onClassLoading(int seed) {
    ThreadState t = hashedProgramThread();
    if (t == null) {
      return;
    }
    if (t.classLoads++ == 0) {
      HashState.save(t.loadingHash);
    }
    HashState.write(HashState.seeded(seed));
  }

  void onClassLoaded() {
    ThreadState t = threads.get();
    if (t == null || t.busy || t.classLoads == 0) {
      return;
    }
    if (--t.classLoads == 0) {
      HashState.write(t.loadingHash);
    }
  }

  /**
   * The JDK makes or compiles a lambda form on a program thread: agent work, so that its ticks
   * do not count and ttd's hooks let it through, on a hash state seeded by nothing but this, so
   * that the program's own ticks and identity hashes are the same whether or not the JDK had to
   * make the form here (ttd's code, which differs between recording and replaying, may have made
   * it already). Inside Mockito's inline mocks that work calls the program's code: the advice
   * Mockito put into {@code ArrayList}, {@code AbstractCollection} and the like once the program
   * spied on one, whose ticks and hashes made a replay leave the recorded path on JDK 25. The
   * outermost form keeps the program's state and its end puts it back.
   */
  void onLambdaFormMaking() {
    if (!run.active) {
      return;
    }
    ThreadState t = threads.get();
    if (t == null || (t.busy && t.formsMaking == 0)) {
      return;
    }
    if (t.formsMaking++ == 0) {
      t.busy = true;
      enterSeeded(t.formHash, FORM_SEED);
    }
  }

  void onLambdaFormMade() {
    ThreadState t = threads.get();
    if (t == null || t.formsMaking == 0) {
      return;
    }
    if (--t.formsMaking == 0) {
      leaveSeeded(t.formHash);
      t.busy = false;
    }
  }

  static void ownInstrumentation(Object instrumentation) {
    ownInstrumentation = instrumentation;
  }

  /**
   * The JVM calls a Java agent's transformers for a class. For the first load of a JDK class (the
   * boot or platform loader's, not a redefinition) on a program thread outside agent code, by an
   * agent that is not ttd, the calls run without ticks and without modelled monitors ({@code
   * AgentGuard.tickless}), on a hash state seeded by nothing but this: when the JVM first loads
   * such a class is not the program's doing (HotSpot's compile broker loads the classes a method's
   * signature names on the thread whose call counter overflowed), and it may load in one mode only. Mockito's inline mock maker's transformer ticked once for {@code java.security.CodeSigner}
   * in some recordings of {@code mockito.SelfAttachedMocks} on JDK 25, whose replays then left the
   * recorded path one tick short at main's end. Their captured calls stay the program's (logged,
   * and replayed without real I/O): a transformer that reads or writes there makes the replay
   * diverge where the JVM's timing differs, never act on the world. The outermost call keeps the
   * program's state and its end puts it back; calls inside it (classes its transformers load) count
   * as nested.
   */
  void onAgentTransforming(Object instrumentation, ClassLoader loader, Class<?> redefined) {
    if (!run.active) {
      return;
    }
    ThreadState t = threads.get();
    if (t == null) {
      return;
    }
    if (t.agentTransforms > 0) {
      t.agentTransforms++;
      return;
    }
    if (t.busy || redefined != null || instrumentation == ownInstrumentation
        || (loader != null && loader != ClassLoader.getPlatformClassLoader())) {
      return;
    }
    t.agentTransforms = 1;
    t.tickless = true;
    enterSeeded(t.transformHash, TRANSFORM_SEED);
  }

  void onAgentTransformed() {
    ThreadState t = threads.get();
    if (t == null || t.agentTransforms == 0) {
      return;
    }
    if (--t.agentTransforms == 0) {
      leaveSeeded(t.transformHash);
      t.tickless = false;
    }
  }

  /** Saves the thread's identity-hash state into {@code saved} and goes on with one seeded by {@code seed}. */
  private static void enterSeeded(int[] saved, int seed) {
    if (HashState.available()) {
      HashState.save(saved);
      HashState.write(HashState.seeded(seed));
    }
  }

  /** Puts back the state {@link #enterSeeded} saved. */
  private static void leaveSeeded(int[] saved) {
    if (HashState.available()) {
      HashState.write(saved);
    }
  }

  /** The calling thread's state, if it is the program's, outside agent code, with a hash state to set. */
  private ThreadState hashedProgramThread() {
    if (!run.active || !HashState.available()) {
      return null;
    }
    ThreadState t = threads.get();
    return t == null || t.busy ? null : t;
  }

  /** A thread the program makes (not ttd, not a thread outside the session) gets the program's next id. */
  long onThreadId(long original) {
    if (!run.active) {
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
  long onThreadSeedDraw(long original, int site) {
    ThreadState t = threads.get();
    return t == null ? original : t.seeds.nextSeed(site);
  }

  void onWeakReferenceCreated(Reference<?> reference, Object referent) {
    weakReferents.hold(reference, referent);
  }

  /**
   * The program's {@code System.gc()}, run by ttd where the program asks, in both modes, with the
   * holds on weak referents let go ({@link WeakReferents#releasedFor}): what it clears is what the
   * program no longer reaches, and a program waiting for a reference to clear sees it clear. While
   * the debugger evaluates it is left out, a hint the JVM may ignore: clearing references then would
   * change the replay's course.
   */
  boolean onExplicitGc() {
    if (ReplayPosition.evaluating) {
      return true;
    }
    ThreadState t = run.enter();
    if (t == null) {
      return false;
    }
    try {
      weakReferents.releasedFor(collection);
      return true;
    } finally {
      run.exit(t);
    }
  }

  int onThreadProbeDraw(int original) {
    ThreadState t = threads.get();
    return t == null ? original : t.seeds.nextProbe();
  }

  void onThreadStart(Thread thread) {
    if (ReplayPosition.evaluating) {
      throw EvaluationFence.threadStart();
    }
    if (thread.getState() == Thread.State.NEW) {
      SharedHashes.thread(thread);
    }
    ThreadState t = run.enter();
    if (t == null) {
      return;
    }
    try {
      if (isJdkSystemThread(thread) || !ThreadIds.isProgram(thread.getId())) {
        return; // the JDK's own (cleaners) or ttd's, even when a program thread starts it
      }
      if (thread.getState() != Thread.State.NEW) {
        return; // the real start throws
      }
      int ordinal = run.nextOrdinal();
      if (ordinal == mode.reservedOrdinal()) {
        ordinal = run.nextOrdinal();
      }
      ThreadState child = mode.newThreadState(ordinal, thread.getName(), false);
      child.sched = new SchedThread(ordinal, thread, child);
      run.pendingStarts.put(thread.getId(), child);
      exchange.exchangeLong(t, EventKind.THREAD_START, 0, ordinal);
      if (scheduler.runs(t.sched)) {
        scheduler.started(child.sched);
        child.scheduled = true;
      }
    } finally {
      run.exit(t);
    }
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
  void onShutdown(boolean byExit, int status) {
    if (!run.active) {
      return;
    }
    if (byExit && run.exitStatus == null) {
      run.exitStatus = status; // a signal's handler calls Shutdown.exit without Runtime.exit
    }
    ThreadState t = run.enter();
    if (t != null) {
      try {
        if (scheduler.runs(t.sched)) {
          runShutdownOrLeave(t.sched);
        }
      } finally {
        run.exit(t);
      }
    } else if (threads.get() == null) {
      outsiders.beginShutdown(this::adoptShutdownThread);
    }
  }

  /** The thread holding the baton begins the shutdown: it runs it, or waits forever in the JVM. */
  private void runShutdownOrLeave(SchedThread s) {
    if (!scheduler.beginShutdown(s)) {
      scheduler.blockingBegin(s, null, null); // never comes back: the JDK holds it on its shutdown lock
    }
  }

  /**
   * Makes the calling outside thread a scheduled thread of the program, under the ordinal {@link
   * Lifecycle#shutdownThreadOrdinal} gives it; waits until it is let in and holds the baton.
   */
  private void adoptShutdownThread() {
    Thread current = Thread.currentThread();
    int ordinal = scheduler.enabled() ? mode.shutdownThreadOrdinal(current) : -1;
    if (ordinal < 0) {
      return;
    }
    ThreadState t = mode.newThreadState(ordinal, current.getName(), false);
    t.sched = new SchedThread(ordinal, current, t);
    threads.register(t);
    run.allThreads().add(t);
    t.busy = true;
    try {
      mode.beginThread(t); // restores the thread's hash state itself, last
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
   * An {@code InnocuousThread} (JDK 25's cleaners) or a thread put in the root group (17's), unless
   * it does the program's I/O ({@link ProgramIoThreads}: the process reaper among others). A thread
   * that is in the root group only because the program thread starting it is (a common-pool worker
   * that JDK 17's reaper starts for an {@code onExit().handleAsync}) is the program's.
   */
  private static boolean isJdkSystemThread(Thread thread) {
    ThreadGroup group = thread.getThreadGroup();
    boolean system = group != null && group.getParent() == null && group != Thread.currentThread().getThreadGroup()
        || thread.getClass().getName().equals("jdk.internal.misc.InnocuousThread");
    return system && !ProgramIoThreads.starting();
  }

  void onThreadRun(Thread thread) {
    if (!run.active || run.pendingStarts.isEmpty()) {
      return;
    }
    ThreadState t = run.pendingStarts.get(thread.getId());
    if (t == null) {
      return;
    }
    threads.register(t);
    run.pendingStarts.remove(thread.getId()); // registered first: a contended removal draws a seed
    run.allThreads().add(t);
    t.busy = true;
    try {
      mode.beginThread(t); // restores the thread's hash state itself, last
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

  void onThreadExit(Thread thread) {
    ThreadState t = run.enter();
    if (t == null) {
      return;
    }
    try {
      if (t.main) {
        mode.mainEnding(t);
      }
      if (scheduler.runs(t.sched)) {
        scheduler.ended(t.sched);
      }
      mode.endThread(t);
    } finally {
      run.exit(t);
      threads.forget(); // what the JVM still runs on this thread is not the program's
    }
  }

  void onThreadUncaughtException(Thread thread, Throwable error) {
    ThreadState t = run.enter();
    if (t == null) {
      return;
    }
    try {
      if (t.main) {
        run.mainDiedUncaught = true;
      }
      exchange.exchangeString(t, EventKind.UNCAUGHT_EXCEPTION, 0, error == null ? "null" : error.getClass().getName());
    } finally {
      run.exit(t);
    }
  }
}
