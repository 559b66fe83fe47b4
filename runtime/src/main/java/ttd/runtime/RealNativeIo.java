package ttd.runtime;

/**
 * The real JDK methods that {@link NativeIoHooks} replace at their call sites, installed by the
 * agent (which alone can reach them) before any call site is rewritten.
 */
public interface RealNativeIo {

  /**
   * Runs the real method for {@code op} with the call site's arguments (the receiver first for
   * instance methods) and returns its result, boxed, or null for void.
   */
  Object call(int op, Object[] args) throws Exception;
}
