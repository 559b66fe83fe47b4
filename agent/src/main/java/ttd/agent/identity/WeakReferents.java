package ttd.agent.identity;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.Reference;

/**
 * Keeps the referent of every weak reference made while ttd runs strongly reachable, in record
 * and replay alike, so that the collector clears none of them on its own schedule; lets them go
 * for the program's own {@code System.gc()} ({@link #releasedFor}).
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
 */
public final class WeakReferents {

  /** How many referents are held at most. */
  public static final int CAP = 1 << 20;

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
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Reference<?>[][] references = new Reference<?>[CAP / CHUNK][];
  private final Object[][] referents = new Object[CAP / CHUNK][];
  private int held;

  /** Keeps {@code referent} of {@code reference} reachable, unless {@link #CAP} referents are held already. */
  public synchronized void hold(Reference<?> reference, Object referent) {
    if (held < CAP) {
      put(held++, reference, referent);
    }
  }

  /**
   * Runs {@code collection} with every hold let go, so that it clears the weak references whose
   * referents nothing else reaches, then holds the referents of the others again, in their order,
   * and forgets the cleared references. The collection runs outside this object's lock: the
   * reference handler it waits for may make weak references of its own (a first thread-local).
   */
  public void releasedFor(Runnable collection) {
    Reference<?>[][] released;
    int n;
    synchronized (this) {
      released = references.clone();
      n = held;
      java.util.Arrays.fill(references, null);
      java.util.Arrays.fill(referents, null);
      held = 0;
    }
    collection.run();
    synchronized (this) {
      Reference<?>[][] meanwhile = references.clone();
      Object[][] meanwhileReferents = referents.clone();
      int m = held;
      java.util.Arrays.fill(references, null);
      java.util.Arrays.fill(referents, null);
      held = 0;
      for (int i = 0; i < n; i++) {
        Reference<?> r = released[i / CHUNK][i % CHUNK];
        Object referent = referentOf(r);
        if (referent != null) {
          hold(r, referent);
        }
      }
      for (int i = 0; i < m; i++) {
        hold(meanwhile[i / CHUNK][i % CHUNK], meanwhileReferents[i / CHUNK][i % CHUNK]);
      }
    }
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
