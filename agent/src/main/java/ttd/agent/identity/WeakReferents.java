package ttd.agent.identity;

/**
 * Keeps the referent of every weak reference made while ttd runs strongly reachable, in record
 * and replay alike, so that the collector clears none of them.
 *
 * <p>When a collection runs is timing, and programs ask weak references whether they were cleared:
 * Log4j's logger registry finds a logger again or makes a new one, the JDK's {@code HttpClient}
 * selector loop goes on or shuts down, {@code WeakHashMap} expunges entries or not. Each answer
 * took another branch in a replay whose collector ran at other moments. A JVM may keep a weakly
 * reachable object as long as it likes, so what the program sees stays legal Java. The price is
 * memory, bounded by {@link #CAP}: referents after it are left to the collector (and replays of
 * what the program then observes of them are timing again). Soft references are not held: the
 * collector clears them only when the heap runs short, which a held referent would make worse.
 */
public final class WeakReferents {

  /** How many referents are held at most. */
  public static final int CAP = 1 << 20;

  private static final int CHUNK = 1 << 12;

  private final Object[][] chunks = new Object[CAP / CHUNK][];
  private int held;

  /** Keeps {@code referent} reachable, unless {@link #CAP} referents are held already. */
  public synchronized void hold(Object referent) {
    if (held == CAP) {
      return;
    }
    Object[] chunk = chunks[held / CHUNK];
    if (chunk == null) {
      chunk = chunks[held / CHUNK] = new Object[CHUNK];
    }
    chunk[held % CHUNK] = referent;
    held++;
  }

  /** How many referents are held. */
  public synchronized int held() {
    return held;
  }
}
