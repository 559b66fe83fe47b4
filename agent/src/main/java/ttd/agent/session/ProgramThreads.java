package ttd.agent.session;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which {@link ThreadState} belongs to the calling thread, in a way the program cannot erase.
 *
 * <p>A thread local is the fast path, but the JDK clears every thread local of a common-pool
 * worker after each task it runs ({@code ThreadLocalRandom.eraseThreadLocals}, which sets the
 * thread's map to null, on JDK 17 and 25 alike). The worker then looked like a thread the program
 * did not start: its hooks passed through, so it parked for real while holding the scheduler's
 * baton and its clock reads went unrecorded. So each state is also kept by thread id (ids are
 * never reused; a {@code Long} key asks no object for its identity hash), and a cleared thread
 * local finds it there again on its next read.
 */
public final class ProgramThreads {

  private final Map<Long, ThreadState> byId = new ConcurrentHashMap<>();
  private final ThreadLocal<ThreadState> current =
      ThreadLocal.withInitial(() -> byId.get(Thread.currentThread().getId()));

  /** The calling thread's state, or null if it is not a recorded thread. */
  public ThreadState get() {
    return current.get();
  }

  /**
   * The calling thread becomes the recorded thread {@code t}: its thread local first, since the
   * map's insertion may, under contention, draw the thread's {@code ThreadLocalRandom} seed, which
   * asks who the thread is ({@code ThreadSeeds}).
   */
  void register(ThreadState t) {
    current.set(t);
    byId.put(Thread.currentThread().getId(), t);
  }

  /** The calling thread leaves the program: what the JVM still runs on it is not the program's. */
  void forget() {
    byId.remove(Thread.currentThread().getId());
    current.remove();
  }
}
