package ttd.agent.session;

import ttd.agent.identity.ThreadSeeds;
import ttd.agent.schedule.SchedThread;
import ttd.runtime.AgentGuard;

/**
 * What the agent keeps for one recorded (or replayed) application thread.
 *
 * <p>Threads are identified by their ordinal, the order in which the program started them (main is
 * 0): unlike ids or names, it is the same in record and replay. {@code busy} ({@link AgentGuard})
 * is the re-entrancy guard: while the agent itself runs on this thread, every hook passes through
 * and its ticks do not count.
 */
public final class ThreadState extends AgentGuard {

  final int ordinal;
  final String name;
  final boolean main;
  long index;
  /** The identity-hash state on entry to agent code, put back on exit (see {@link ProgramRun#enter}). */
  final int[] hash = new int[4];
  /** The same around a flush, which may run inside a bracketed hook. */
  final int[] flushHash = new int[4];
  /** The program's own state while the JDK defines a class it spins for itself (see {@link Threads}). */
  final int[] definitionHash = new int[4];
  /** Whether a non-blocking socket channel's read or write is under way on this thread ({@link SocketTransfers}). */
  boolean nonBlockingIo;
  /** Whether {@link #definitionHash} holds the program's state, to be put back. */
  boolean definingJdkClass;
  /** The program's own state while a built-in loader loads a class (see {@link Threads}). */
  final int[] loadingHash = new int[4];
  /** How many such loads are under way on this thread (a load loads its supertypes inside). */
  int classLoads;
  /** The program's own state while the JDK makes a lambda form on this thread (see {@link Threads}). */
  final int[] formHash = new int[4];
  /** How many lambda forms are being made on this thread (a form's compilation may make others). */
  int formsMaking;
  /** The program's own state while an agent's transformers run for a JDK class (see {@link Threads}). */
  final int[] transformHash = new int[4];
  /** How many transformer calls are under way inside the outermost such one on this thread. */
  int agentTransforms;
  /** What the record or the replay keeps for this thread; nothing else looks into it. */
  private Object modeState;
  /** The scheduler's view of this thread. */
  SchedThread sched;
  /** Whether the scheduler knows this thread (it was started by a thread holding the baton). */
  boolean scheduled;
  /** Its draws from {@code ThreadLocalRandom}'s shared generators, replaced by ordinal. */
  final ThreadSeeds.Draws seeds;

  public ThreadState(int ordinal, String name, boolean main) {
    this.ordinal = ordinal;
    this.name = name;
    this.main = main;
    this.seeds = new ThreadSeeds.Draws(ordinal);
  }

  public int ordinal() {
    return ordinal;
  }

  public String name() {
    return name;
  }

  /**
   * What the record ({@code ttd.agent.record.RecordedThread}: its block of events not yet written)
   * or the replay ({@code ttd.agent.replay.ThreadCursor}: its position in the log) keeps for this
   * thread: held here rather than in a map so that each event reaches it in one field read, and
   * untyped so that the session depends on neither.
   */
  public Object modeState() {
    return modeState;
  }

  public void attachModeState(Object state) {
    modeState = state;
  }

  public SchedThread sched() {
    return sched;
  }

  /** Scratch space for a hash-state bracket around loading (replay) or flushing (record) a block. */
  public int[] blockHash() {
    return flushHash;
  }

  public boolean isMain() {
    return main;
  }

  /** Counts one more recorded or replayed event. */
  public void counted() {
    index++;
  }

  /** How many events this thread has recorded or replayed so far. */
  public long index() {
    return index;
  }
}
