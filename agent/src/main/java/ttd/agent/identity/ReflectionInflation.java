package ttd.agent.identity;

/**
 * Turns off JDK 17's reflection inflation, so that a reflective call never defines an accessor
 * class in one mode only.
 *
 * <p>On JDK 17 a {@code Method} or {@code Constructor} is first called through JNI; its 16th call
 * generates bytecode ({@code jdk.internal.reflect.GeneratedConstructorAccessorN}) and defines it
 * in a class loader of its own, which draws identity hashes (the new class and loader) from the
 * hash state of the calling thread. The count is shared by every caller of that member, ttd's own
 * code included, and ttd makes different reflective calls when recording and replaying (Chronicle,
 * the replay's readers). So the program's 16th call came at a different point in each mode: a
 * replay of a Jetty server defined seven accessors on the program's threads that its recording
 * never did, every later identity hash of those threads was off by two, the thread pool's {@code
 * Set<Thread>} iterated in another order, and its {@code stop()} joined the threads in another
 * order than recorded. With the threshold at its maximum every reflective call stays on the
 * native path, in both modes, and draws no hash. JDK 18 and later call through method handles
 * and have no inflation; there this does nothing.
 */
public final class ReflectionInflation {

  private static final String FACTORY = "jdk.internal.reflect.ReflectionFactory";

  private ReflectionInflation() {}

  /** Sets the inflation threshold to its maximum; does nothing on a JDK without inflation. */
  public static void turnOff() {
    InternalUnsafe.StaticField threshold;
    InternalUnsafe.StaticField initted;
    try {
      Class<?> factory = Class.forName(FACTORY, false, null);
      threshold = InternalUnsafe.staticField(factory, "inflationThreshold");
      initted = InternalUnsafe.staticField(factory, "initted");
    } catch (ClassNotFoundException | IllegalStateException e) {
      return; // JDK 18+: reflection goes through method handles
    }
    if (!initted.getBoolean()) {
      // the factory reads its properties once, at its first accessor: let it do so first
      try {
        Object.class.getConstructor().newInstance();
      } catch (ReflectiveOperationException e) {
        return;
      }
    }
    threshold.putInt(Integer.MAX_VALUE);
  }
}
