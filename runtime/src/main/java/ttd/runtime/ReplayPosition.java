package ttd.runtime;

/**
 * Where a replay is, published for a debugger that reads it through JDI, and the debugger's two
 * levers on the replay: stop at an event, and evaluate expressions without disturbing it.
 *
 * <p>A position in a replay is (event index, tick) (DESIGN.md, "Time in a replay"). {@link
 * #events} counts the events the replay has consumed, all threads together; the replaying agent
 * bumps it once per event, so it costs an increment and a compare. A debugger sets {@link
 * #stopAt} and a breakpoint in {@link #reached()} to stop right after a given event.
 *
 * <p>With the serializing scheduler, {@link #running} is the thread holding the baton and {@link
 * #tick()} the ticks it executed since the last counted event: exactly one thread runs between two
 * counted events, so (event, tick) names one point of the run. An event counts when the thread
 * holding the baton consumes it, and each hand-over of the baton counts as one (the scheduler's
 * logged decision); events a thread reads before it first holds the baton do not count (their
 * moment is not fixed). A debugger sets {@link #stopAt} and {@link #stopAtTick} and a
 * breakpoint in {@link #tickReached()} to stop at (event, tick). While it
 * runs code in the target (a {@code toString()} it prints), it brackets the call with {@link
 * #beginEvaluation()} and {@link #endEvaluation()}: hooks then pass through without consuming the
 * log, and the thread's identity-hash state is put back. No static initialiser on purpose: a
 * debugger may set fields of this class before it is initialised.
 */
public final class ReplayPosition {

  /** Events consumed so far by the replay, all threads together. */
  public static long events;

  /** {@link #reached()} runs when {@link #events} becomes this value; 0 for never. */
  public static long stopAt;

  /** True while a debugger runs code in the target: hooks consume nothing and do no I/O. */
  public static volatile boolean evaluating;

  /**
   * Why the agent refused what the debugger's code tried during the current evaluation, in one
   * sentence ("evaluation would write to a file; a replay cannot perform I/O"), or null. The
   * debugger reads it after the call, whatever the call returned or threw (the program's code may
   * catch the refusal).
   */
  public static volatile String refusal;

  /**
   * {@link #tickReached()} runs when, after event {@link #stopAt}, the running thread's {@link
   * #tick()} becomes this value; 0 for none (then {@link #reached()} runs at the event itself).
   * If the next event comes first, that position does not exist and nothing stops.
   */
  public static long stopAtTick;

  /** The thread holding the scheduler's baton (replay), or null while nobody runs. */
  public static volatile ThreadClock running;

  /** Whether the replay's scheduler runs the program's threads (then only the baton counts). */
  public static volatile boolean scheduling;

  /**
   * Null, or an array a debugger put here (its length a power of two): the length in ticks of the
   * stretch after each of the last events, by event index modulo the length, written when the next
   * event counts. A debugger stopped at (event E, tick T) reads how far back in ticks the events
   * before E lie, to stop a little before where it is without replaying whole stretches.
   */
  public static long[] stretches;

  private static HashBracket bracket;

  private ReplayPosition() {}

  /** Installs the agent's identity-hash bracket (replay only). */
  public static void install(HashBracket hashBracket) {
    bracket = hashBracket;
  }

  /**
   * Called by the replaying agent once per consumed event. With the scheduler on, only events the
   * baton holder consumes count (and its tick starts again from 0).
   */
  public static void consumed() {
    if (scheduling) {
      ThreadClock r = running;
      if (r == null || r.thread != Thread.currentThread()) {
        return;
      }
      stretchEnds(r);
      r.ticksAtEvent = r.ticks;
    } else {
      stretchEnds(null);
    }
    if (++events == stopAt) {
      reached();
    }
  }

  /**
   * Called by the replay's scheduler when the baton passes to {@code next} (null: nobody runs):
   * counts as one event, and {@code next}'s tick starts from 0.
   */
  public static void handedOver(ThreadClock next) {
    stretchEnds(running);
    running = next;
    if (next != null) {
      next.ticksAtEvent = next.ticks;
    }
    if (++events == stopAt) {
      reached();
    }
  }

  /** The stretch of ticks {@code r} ran since the last counted event ends: notes its length. */
  private static void stretchEnds(ThreadClock r) {
    long[] s = stretches;
    if (s != null && events > 0) {
      s[(int) (events - 1) & (s.length - 1)] = r == null ? 0 : r.ticks - r.ticksAtEvent;
    }
  }

  /** Ticks the running thread executed since the last counted event; 0 if nobody runs. */
  public static long tick() {
    ThreadClock r = running;
    return r == null ? 0 : r.ticks - r.ticksAtEvent;
  }

  /**
   * The value of {@code t.ticks} at which {@code t} must call {@link #tickReached()}, or {@code
   * Long.MAX_VALUE}: the scheduler keeps a thread's next slow tick no later than this.
   */
  public static long tickStop(ThreadClock t) {
    long k = stopAtTick;
    return k > 0 && events == stopAt && running == t ? t.ticksAtEvent + k : Long.MAX_VALUE;
  }

  /** Empty: the place for a debugger's breakpoint when ({@link #stopAt}, {@link #stopAtTick}) is reached. */
  public static void tickReached() {
    // a debugger stops here
  }

  /** Empty: the place for a debugger's breakpoint when {@link #stopAt} is reached. */
  public static void reached() {
    // a debugger stops here
  }

  /** Starts an evaluation on the calling thread: saves its hash state, hooks pass through. */
  public static void beginEvaluation() {
    refusal = null;
    HashBracket b = bracket;
    if (b != null) {
      b.save();
    }
    evaluating = true;
  }

  /** The agent refused an effect on the world during an evaluation; the first sentence is kept. */
  public static void refuse(String sentence) {
    if (refusal == null) {
      refusal = sentence;
    }
  }

  /**
   * Ends an evaluation: puts the thread's hash state back and says whether the evaluation had
   * moved it, i.e. gave some object an identity hash the program may later ask for.
   */
  public static boolean endEvaluation() {
    evaluating = false;
    HashBracket b = bracket;
    return b != null && b.restore();
  }

  /**
   * One scheduled thread's clock; the agent's per-thread scheduler state extends it, so a debugger
   * reads {@code running.ticks} as a plain field.
   */
  public static class ThreadClock {
    /** The thread's ordinal: main is 0, then in the order threads were started. */
    public final int ordinal;
    public final Thread thread;
    /** Ticks: method entries and back-edges of application code, plus one per decision. */
    public long ticks;
    /** {@link #ticks} when the last event counted while this thread ran (or when it took the baton). */
    public long ticksAtEvent;

    protected ThreadClock(int ordinal, Thread thread) {
      this.ordinal = ordinal;
      this.thread = thread;
    }
  }

  /** Saves and restores the calling thread's identity-hash state for {@link ReplayPosition}. */
  public interface HashBracket {
    void save();

    /** Restores the saved state; true if the state had moved since {@link #save()}. */
    boolean restore();
  }
}
