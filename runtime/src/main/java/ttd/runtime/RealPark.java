package ttd.runtime;

/**
 * The JDK's real {@code Unsafe.park/unpark}, whose call sites (in {@code LockSupport} and, on newer
 * JDKs, the queued synchronizers and {@code ForkJoinPool}) are rewritten to the scheduler's hooks.
 *
 * <p>{@code Unsafe} is internal, so only the agent (to which {@code jdk.internal.misc} is exported)
 * can call it; it installs an implementation before any call site is rewritten, so a hook can
 * always fall back to the real operation for threads the scheduler does not run.
 */
public interface RealPark {

  void park(Object unsafe, boolean absolute, long time);

  void unpark(Object unsafe, Object thread);
}
