package ttd.runtime;

/**
 * Real JDK methods that hooks stand in for at their call sites, by number: the native I/O
 * operations of {@link NativeIoHooks} and the methods whose calls {@link Hooks#onValueCall}
 * replaces. Installed by the agent, which alone can reach them, before any call site is rewritten.
 */
public interface RealCalls {

  /**
   * Runs the real method numbered {@code number} with the call site's arguments (the receiver
   * first for instance methods) and returns its result, boxed, or null for void.
   */
  Object call(int number, Object[] args) throws Exception;
}
