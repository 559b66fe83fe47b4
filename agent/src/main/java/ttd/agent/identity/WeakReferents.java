package ttd.agent.identity;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;

/**
 * Keeps the referent of every weak reference, and of the program's phantom references, made while
 * ttd runs strongly reachable, in record and replay alike, so that the collector clears or enqueues
 * none of them on its own schedule; lets them go for the program's own {@code System.gc()} ({@link
 * #releasedFor}).
 *
 * <p>When a collection runs is timing, and programs ask weak references whether they were cleared:
 * Log4j's logger registry finds a logger again or makes a new one, the JDK's {@code HttpClient}
 * selector loop goes on or shuts down, {@code WeakHashMap} expunges entries or not. Each answer
 * took another branch in a replay whose collector ran at other moments. A JVM may keep a weakly
 * reachable object as long as it likes, so what the program sees stays legal Java. But a program
 * that asks for a collection and waits for a reference to clear (H2 before it maps a file again, a
 * leak test) would wait forever: a collection the program asks for runs where it asks in both
 * modes, so there the holds are let go, and what it clears is what the program no longer reaches.
 *
 * <p>The price is memory, bounded by {@link #CAP}: referents after it are left to the collector
 * (and replays of what the program then observes of them are timing again). Soft references are
 * not held: the collector clears them only when the heap runs short, which a held referent would
 * make worse.
 *
 * <p>Phantom references are the program's when their class is plain {@code PhantomReference} or
 * one of the program's (H2's {@code CloseWatcher}, Commons IO's file cleaner, Guava's finalizable
 * references): a library polls their queue to close what its user leaked, and H2 polled it each
 * time a pool opened a connection, so a replay whose collector enqueued at other moments took
 * another turn of the loop or closed another session (DBCP2 over H2 on JDK 25: 4 of 25 replays
 * identical). The JDK's own subclasses ({@code Cleaner}'s, direct buffers' deallocators) stay the
 * collector's: holding theirs would keep native memory no program call ever lets go of. A
 * program's {@code java.lang.ref.Cleaner} uses the JDK's, so its actions still run when the
 * collector decides.
 */
public final class WeakReferents {

  /** How many referents are held at most. */
  public static final int CAP = 1 << 20;

  /** The loader of the JDK's classes outside the bootstrap loader's. */
  private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();
  private static final Class<?> PHANTOM = PhantomReference.class;

  private static final int CHUNK = 1 << 12;
  /**
   * {@code Reference.get} called as {@code Reference}'s own (a subclass's override is the program's
   * code); the launcher opens {@code java.lang.ref} to the agent for it.
   */
  private static final MethodHandle REFERENT;

  static {
    try {
      REFERENT = MethodHandles.privateLookupIn(Reference.class, MethodHandles.lookup())
          .findSpecial(Reference.class, "get", MethodType.methodType(Object.class), Reference.class);
      // linked now, at start-up in both modes, not on the first program thread that asks for a collection
      referentOf(new java.lang.ref.SoftReference<>(REFERENT));
      rehearse();
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Reference<?>[][] references = new Reference<?>[CAP / CHUNK][];
  private final Object[][] referents = new Object[CAP / CHUNK][];
  private int held;
  /** While {@link #releasedFor} makes the weak stand-ins of phantom referents, which it does not hold. */
  private boolean shadowing;
  /** How many of the held references are phantom ones. */
  private int phantoms;

  /**
   * Keeps {@code referent} of {@code reference} reachable, unless {@link #CAP} referents are held
   * already or it is a phantom reference of the JDK's own.
   */
  public synchronized void hold(Reference<?> reference, Object referent) {
    if (held < CAP && !shadowing && (!PHANTOM.isInstance(reference) || programs(reference.getClass()))) {
      put(held++, reference, referent);
      if (PHANTOM.isInstance(reference)) {
        phantoms++;
      }
    }
  }

  /** Whether phantom references of class {@code c} are the program's (see the class comment). */
  static boolean programs(Class<?> c) {
    ClassLoader loader = c.getClassLoader();
    return c == PHANTOM || loader != null && loader != PLATFORM;
  }

  /**
   * Runs {@code collection} with every hold let go, so that it clears the weak references whose
   * referents nothing else reaches, then holds the referents of the others again, in their order,
   * and forgets the cleared references. A phantom reference's referent cannot be read from it, so
   * it goes through the collection in a weak reference of ttd's, cleared by the same collection
   * that enqueues the phantom one. The collection runs outside this object's lock: the reference
   * handler it waits for may make weak references of its own (a first thread-local).
   */
  public void releasedFor(Runnable collection) {
    Reference<?>[][] released;
    WeakReference<?>[] shadows;
    int n;
    synchronized (this) {
      released = references.clone();
      n = held;
      shadows = shadowsOfPhantoms(n);
      java.util.Arrays.fill(references, null);
      java.util.Arrays.fill(referents, null);
      held = 0;
      phantoms = 0;
    }
    collection.run();
    synchronized (this) {
      Reference<?>[][] meanwhile = references.clone();
      Object[][] meanwhileReferents = referents.clone();
      int m = held;
      java.util.Arrays.fill(references, null);
      java.util.Arrays.fill(referents, null);
      held = 0;
      phantoms = 0;
      for (int i = 0; i < n; i++) {
        Reference<?> r = released[i / CHUNK][i % CHUNK];
        Object referent = PHANTOM.isInstance(r) ? shadows[i].get() : referentOf(r);
        if (referent != null) {
          hold(r, referent);
        }
      }
      for (int i = 0; i < m; i++) {
        hold(meanwhile[i / CHUNK][i % CHUNK], meanwhileReferents[i / CHUNK][i % CHUNK]);
      }
    }
  }

  /** Under the lock: a weak stand-in for each of the first {@code n} held referents of a phantom reference. */
  private WeakReference<?>[] shadowsOfPhantoms(int n) {
    WeakReference<?>[] shadows = new WeakReference<?>[phantoms == 0 ? 0 : n];
    if (phantoms == 0) {
      return shadows;
    }
    shadowing = true;
    try {
      for (int i = 0; i < n; i++) {
        if (PHANTOM.isInstance(references[i / CHUNK][i % CHUNK])) {
          shadows[i] = new WeakReference<>(referents[i / CHUNK][i % CHUNK]);
        }
      }
    } finally {
      shadowing = false;
    }
    return shadows;
  }

  /**
   * Runs every path of {@link #hold} and {@link #releasedFor} once, so that the classes they name
   * are linked before the first real hold. A hold runs inside the class-loading hook's first
   * thread-local of a thread (a weak reference of ttd's); a class it linked then would go through
   * the agent's loader and that hook back to the hold before the link was made, until the stack
   * overflowed (a replay's signal thread did so).
   */
  private static void rehearse() {
    WeakReferents rehearsal = new WeakReferents();
    Object referent = REFERENT;
    rehearsal.hold(new WeakReference<>(referent), referent);
    rehearsal.hold(new PhantomReference<>(referent, null), referent);
    rehearsal.releasedFor(new NoCollection());
  }

  /** The collection of the rehearsal: none. */
  private static final class NoCollection implements Runnable {
    @Override
    public void run() {}
  }

  /** How many referents are held. */
  public synchronized int held() {
    return held;
  }

  private void put(int at, Reference<?> reference, Object referent) {
    if (references[at / CHUNK] == null) {
      references[at / CHUNK] = new Reference<?>[CHUNK];
      referents[at / CHUNK] = new Object[CHUNK];
    }
    references[at / CHUNK][at % CHUNK] = reference;
    referents[at / CHUNK][at % CHUNK] = referent;
  }

  private static Object referentOf(Reference<?> r) {
    try {
      return (Object) REFERENT.invokeExact(r);
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }
}
