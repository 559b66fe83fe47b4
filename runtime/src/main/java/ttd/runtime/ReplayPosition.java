package ttd.runtime;

/**
 * Where a replay is, published for a debugger that reads it through JDI, and the debugger's two
 * levers on the replay: stop at an event, and evaluate expressions without disturbing it.
 *
 * <p>A position in a replay is (event index, tick) (DESIGN.md, "Time in a replay"). {@link
 * #events} counts the events the replay has consumed, all threads together; the replaying agent
 * bumps it once per event, so it costs an increment and a compare. A debugger sets {@link
 * #stopAt} and a breakpoint in {@link #reached()} to stop right after a given event. While it
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

  private static HashBracket bracket;

  private ReplayPosition() {}

  /** Installs the agent's identity-hash bracket (replay only). */
  public static void install(HashBracket hashBracket) {
    bracket = hashBracket;
  }

  /** Called by the replaying agent once per consumed event. */
  public static void consumed() {
    if (++events == stopAt) {
      reached();
    }
  }

  /** Empty: the place for a debugger's breakpoint when {@link #stopAt} is reached. */
  public static void reached() {
    // a debugger stops here
  }

  /** Starts an evaluation on the calling thread: saves its hash state, hooks pass through. */
  public static void beginEvaluation() {
    HashBracket b = bracket;
    if (b != null) {
      b.save();
    }
    evaluating = true;
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

  /** Saves and restores the calling thread's identity-hash state for {@link ReplayPosition}. */
  public interface HashBracket {
    void save();

    /** Restores the saved state; true if the state had moved since {@link #save()}. */
    boolean restore();
  }
}
