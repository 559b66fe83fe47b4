package ttd.runtime;

/**
 * Whether the agent's own code runs on a thread: then its hooks pass through and its ticks do not
 * count, since agent code (and program code it calls back, a class loader's) runs differently in
 * record and replay. The agent's per-thread state extends this class, so that the tick fast path
 * in {@link Hooks} reads the flag without knowing the agent's classes.
 */
public class AgentGuard {

  /** True while agent code runs on this thread. */
  public boolean busy;

  /**
   * True while program code runs at a moment the JVM's timing chose (a program agent's
   * transformers for a JDK class's first load): its ticks do not count and its monitors are not
   * modelled, but its captured calls are the program's, logged and replayed.
   */
  public boolean tickless;

  /** The thread's path, in recordings made with the {@code path} option and their replays; else null. */
  public PathTrace path;
}
