package ttd.agent.identity;

import java.lang.instrument.Instrumentation;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Gives the JDK's shared objects that exist before the program runs (enum constants, classes)
 * identity hashes that depend only on what they are, not on who hashed them first.
 *
 * <p>Record and replay run different agent code before and during the program (Chronicle appends
 * or tails, real or stand-in file opens, method handles on natives), and some of it hashes shared
 * JDK objects: a {@code HashSet} of {@code StandardOpenOption}s hashes {@code READ}, a method type
 * hashes its classes. The object then keeps the hash it got there, in one mode only; the
 * program's own first hash of it draws from the program's sequence in the other mode, and every
 * later hash (and so a {@code HashSet<Object>}'s order) differs. Measured: {@code READ}'s hash
 * differed between record and replay, and {@code Files.lines} shifted the program's sequence by
 * one. So, before anything mode-specific runs, each such object gets its hash from a thread state
 * seeded by its class name and ordinal; an object hashed already (by the JVM's own start-up,
 * alike in both modes) keeps its hash.
 */
public final class SharedHashes {

  private SharedHashes() {}

  /** Hashes the constants of every initialised enum and every class the boot loader has. */
  public static void assign(Instrumentation inst) {
    assign(inst, true);
  }

  /**
   * Hashes, by name, the boot loader's classes that ttd's start-up loaded after {@link #assign}
   * and left unhashed, just before the program starts.
   *
   * <p>Both modes' start-ups load the same JDK classes (see {@link StartupSymmetry}), but not
   * every one is hashed in both: the replay's start-up hashed {@code java.io.EOFException}, the
   * recording's only loaded it. The program's first hash of such a class (JAXP's {@code
   * newSAXParser} hashes {@code EOFException}) then drew from the program's sequence in the
   * recording only, and every later identity hash of that thread differed: H2's data-type
   * registry keys and Jetty's thread pool name, made after Logback read its {@code logback.xml}.
   * Enum constants are left alone here: an enum initialised by one start-up only would get its
   * constants hashed in that mode only.
   */
  public static void assignLateClasses(Instrumentation inst) {
    assign(inst, false);
  }

  /**
   * Runs {@code work}, which initialises shared JDK objects' hashes at a point where record and
   * replay have drawn differently (ttd's libraries' start-up), on a state seeded by {@code name}
   * instead of the thread's own, which is then put back: what it hashes gets the same hashes in
   * both modes and in every run. Measured: Chronicle's class aliases gave {@code UUID}, {@code
   * ZonedDateTime}, {@code OffsetDateTime} and {@code YearMonth} other hashes in replay, and so
   * Spring's {@code ResolvableType} cache, keyed by types hashing their classes, other chains.
   */
  public static void seeded(String name, Runnable work) {
    if (!HashState.available()) {
      work.run();
      return;
    }
    int[] saved = HashState.read();
    try {
      HashState.write(HashState.seeded(name.hashCode()));
      work.run();
    } finally {
      HashState.write(saved);
    }
  }

  private static void assign(Instrumentation inst, boolean enumConstants) {
    if (!HashState.available()) {
      return;
    }
    int[] saved = HashState.read();
    try {
      Class<?>[] loaded = inst.getAllLoadedClasses();
      Arrays.sort(loaded, Comparator.comparing(Class::getName));
      for (Class<?> c : loaded) {
        if (c.getClassLoader() != null || c.isHidden() || c.isArray()) {
          continue;
        }
        hash(c, c.getName().hashCode(), -1);
        if (enumConstants && c.isEnum() && !InternalUnsafe.uninitialized(c)) {
          Object[] constants = constants(c);
          for (int i = 0; i < constants.length; i++) {
            hash(constants[i], c.getName().hashCode(), i);
          }
        }
      }
    } finally {
      HashState.write(saved);
    }
  }

  /**
   * Gives {@code thread}, about to start, and its group hashes seeded by their names, on a state
   * put back afterwards. A debugger reports the thread of every stop, and from JDK 20 on JVMTI
   * hashes each object a debugger is handed (its tags are keyed by identity hash), from the
   * debugger's own thread: in a replay under the console the program's first hash of its thread
   * then drew nothing, and every later hash differed (measured on 25: a stop, {@code threads},
   * {@code cont}). Hashed here in both modes, the objects keep one hash whoever looks. A thread
   * the program hashed already keeps its hash; on a virtual thread, which has no state of its own
   * to put back, nothing is done.
   */
  public static void thread(Thread thread) {
    if (!HashState.ownState()) {
      return;
    }
    int[] saved = HashState.read();
    try {
      hashThread(thread);
    } finally {
      HashState.write(saved);
    }
  }

  /**
   * {@link #thread} for every thread alive before the program starts (main, the JDK's), and the
   * same for the application and platform class loaders, which a debugger is handed as the
   * loaders of the program's classes.
   */
  public static void reportedByDebuggers() {
    if (!HashState.ownState()) {
      return;
    }
    ThreadGroup root = Thread.currentThread().getThreadGroup();
    while (root.getParent() != null) {
      root = root.getParent();
    }
    Thread[] all = new Thread[root.activeCount() + 16];
    int n = root.enumerate(all, true);
    int[] saved = HashState.read();
    try {
      for (int i = 0; i < n; i++) {
        hashThread(all[i]);
      }
      ClassLoader app = ClassLoader.getSystemClassLoader();
      hash(app, app.getClass().getName().hashCode(), -4);
      ClassLoader platform = ClassLoader.getPlatformClassLoader();
      hash(platform, platform.getClass().getName().hashCode(), -4);
    } finally {
      HashState.write(saved);
    }
  }

  private static void hashThread(Thread thread) {
    hash(thread, thread.getName().hashCode(), -2);
    ThreadGroup group = thread.getThreadGroup();
    if (group != null) {
      hash(group, group.getName().hashCode(), -3);
    }
  }

  private static Object[] constants(Class<?> c) {
    try {
      Object[] constants = c.getEnumConstants();
      return constants == null ? new Object[0] : constants;
    } catch (RuntimeException | LinkageError e) {
      return new Object[0]; // an enum the JDK cannot list: left to whoever hashes it
    }
  }

  private static void hash(Object o, int nameHash, int ordinal) {
    HashState.write(HashState.seeded(nameHash * 31 + ordinal));
    System.identityHashCode(o);
  }
}
