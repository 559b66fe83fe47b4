package ttd.agent.identity;

/**
 * Keeps reflective method and constructor calls on the JDK's native path, so that a reflective
 * call never defines an accessor class or spins a method handle in one mode only.
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
 * native path, in both modes, and draws no hash.
 *
 * <p>JDK 18 and later call methods and constructors through method handles, whose lambda forms
 * the JDK makes once per shape of call and caches for every caller: the first call of a shape
 * spins classes and draws hashes, and which shapes ttd's own start-up already made differs
 * between the modes (measured on JDK 25: the program's first {@code Method.invoke} of a {@code
 * void set(int)} drew other hashes in replay than recorded). There the reflection factory's own
 * switch {@code useNativeAccessorOnly} (the {@code jdk.reflect.useNativeAccessorOnly} property,
 * read once, before premain) is turned on, which keeps methods and constructors on the native
 * path as on JDK 17. Fields have no native path there: {@link StartupSymmetry} makes each kind's
 * handles in both modes.
 */
public final class ReflectionInflation {

  private static final String FACTORY = "jdk.internal.reflect.ReflectionFactory";

  private ReflectionInflation() {}

  /** Keeps every reflective method and constructor call on the JDK's native path. */
  public static void turnOff() {
    Class<?> factory;
    try {
      factory = Class.forName(FACTORY, false, null);
    } catch (ClassNotFoundException e) {
      return;
    }
    if (!raiseThreshold(factory)) {
      useNativeAccessorOnly(factory);
    }
  }

  /** JDK 17: the inflation threshold to its maximum; false on a JDK without inflation. */
  private static boolean raiseThreshold(Class<?> factory) {
    InternalUnsafe.StaticField threshold;
    InternalUnsafe.StaticField initted;
    try {
      threshold = InternalUnsafe.staticField(factory, "inflationThreshold");
      initted = InternalUnsafe.staticField(factory, "initted");
    } catch (IllegalStateException e) {
      return false; // JDK 18+: reflection goes through method handles
    }
    if (!initted.getBoolean() && !firstReflectiveCall()) {
      return true;
    }
    threshold.putInt(Integer.MAX_VALUE);
    return true;
  }

  /** JDK 18+: the factory's configuration says "native accessors only"; left alone if it has none. */
  private static void useNativeAccessorOnly(Class<?> factory) {
    try {
      InternalUnsafe.StaticField config = InternalUnsafe.staticField(factory, "config");
      if (config.getReference() == null && !firstReflectiveCall()) {
        return;
      }
      Object loaded = config.getReference();
      if (loaded == null) {
        return;
      }
      long flag = InternalUnsafe.fieldOffset(loaded.getClass(), "useNativeAccessorOnly");
      InternalUnsafe.putBoolean(loaded, flag, true);
    } catch (IllegalStateException e) {
      // another JDK's factory: its reflection stays as it is
    }
  }

  /** The factory reads its settings once, at its first accessor: lets it do so. */
  private static boolean firstReflectiveCall() {
    try {
      Object.class.getConstructor().newInstance();
      return true;
    } catch (ReflectiveOperationException e) {
      return false;
    }
  }
}
