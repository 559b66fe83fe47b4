package ttd.runtime;

/**
 * One thread's path as the divergence finder follows it (recordings made with the {@code path}
 * option): the agent's recorder logs each step, its replay checks each step against the log.
 * {@link PathHooks} calls it on the thread holding the scheduler's baton, outside agent code;
 * the agent calls {@link #event()} for each event the thread logs or replays.
 */
public abstract class PathTrace {

  /** The thread entered {@code method} (an id of the agent's), which calls something. */
  public abstract void enter(int method);

  /** The thread returns normally from {@code method}. */
  public abstract void exit(int method);

  /** A handler of {@code method} caught an exception: the methods above it were left. */
  public abstract void caught(int method);

  /** The thread jumps back in a loop. */
  public abstract void loop();

  /** The thread calls a JDK method at call site {@code site} of the program. */
  public abstract void jdkCall(int site);

  /** The thread logs (record) or consumes (replay) its next event. */
  public abstract void event();
}
