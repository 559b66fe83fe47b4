package ttd.agent.instrument;

import java.util.ArrayList;
import java.util.List;

/**
 * Names every rewritten call site, so replay can check that an event comes from the same place.
 *
 * <p>Ids are assigned at instrumentation time, in whatever order classes load; they are only
 * meaningful within one JVM. Recordings store the id-to-name table, and replay compares names, not
 * ids. A name reads like a stack frame: {@code shop.Cart.add(Cart.java:42)}.
 *
 * <p>Two ranges: the agent's own start-up (the classes loaded before premain, which differ between
 * a recorded and a replayed JVM) takes ids from 1, and the classes loaded after it from {@link
 * #PROGRAM}, so that a class taken from a {@link ClassPack} finds its recorded ids free whatever
 * the start-up registered. Fresh ids then begin above the pack's highest. Both stay below 16 384,
 * two bytes in the log's varints, as before.
 *
 * <p>Ids are not registered in increasing order (a pack's class may load after a fresh one took an
 * id above its ids), so a recording lists them in the order they were registered ({@link #inOrder}).
 */
public final class CallSites {

  /** The first id of the sites registered after the agent's start-up. */
  static final int PROGRAM = 1024;

  private static final List<String> NAMES = new ArrayList<>();
  private static final List<Boolean> SEEDS = new ArrayList<>();
  private static final List<Integer> ORDER = new ArrayList<>();
  private static volatile String[] snapshot = new String[0];
  private static volatile boolean[] seedSnapshot = new boolean[0];
  private static volatile int[] orderSnapshot = new int[0];
  /** The lowest id a fresh registration may take. */
  private static int floor = 1;

  static {
    NAMES.add("(no call site)");
    SEEDS.add(Boolean.FALSE);
    publish();
  }

  private CallSites() {}

  /** Registers a site and returns its id (never 0, which means "no call site"). */
  public static synchronized int register(String name, boolean seedsRandomness) {
    int id = Math.max(floor, NAMES.size());
    put(id, name, seedsRandomness);
    publish();
    return id;
  }

  /**
   * Ends the start-up's range: sites registered from now on take ids from {@link #PROGRAM}, and
   * above {@code taken}, the highest id the pack in use holds (0: none).
   */
  static synchronized void programRange(int taken) {
    floor = Math.max(Math.max(floor, PROGRAM), taken + 1);
  }

  /**
   * Registers the sites a {@link ClassPack} entry names under the ids its bytes push. Returns false,
   * registering nothing, where one of those ids names another site already.
   */
  static synchronized boolean registerAgain(List<ClassEffects.Site> sites) {
    for (ClassEffects.Site s : sites) {
      if (s.id() <= 0) {
        return false;
      }
      String there = s.id() < NAMES.size() ? NAMES.get(s.id()) : null;
      if (there != null && !(there.equals(s.name()) && SEEDS.get(s.id()) == s.seedsRandomness())) {
        return false;
      }
    }
    if (sites.isEmpty()) {
      return true;
    }
    for (ClassEffects.Site s : sites) {
      put(s.id(), s.name(), s.seedsRandomness());
    }
    publish();
    return true;
  }

  private static void put(int id, String name, boolean seedsRandomness) {
    while (NAMES.size() <= id) {
      NAMES.add(null);
      SEEDS.add(Boolean.FALSE);
    }
    if (NAMES.get(id) == null) {
      ORDER.add(id);
    }
    NAMES.set(id, name);
    SEEDS.set(id, seedsRandomness);
  }

  private static void publish() {
    snapshot = NAMES.toArray(new String[0]);
    boolean[] s = new boolean[SEEDS.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = SEEDS.get(i);
    }
    seedSnapshot = s;
    int[] o = new int[ORDER.size()];
    for (int i = 0; i < o.length; i++) {
      o[i] = ORDER.get(i);
    }
    orderSnapshot = o;
  }

  /** The site's name; {@link #registered} tells whether there is one. */
  public static String name(int id) {
    String[] s = snapshot;
    String name = id >= 0 && id < s.length ? s[id] : null;
    return name != null ? name : id == 0 ? s[0] : "(unknown call site " + id + ")";
  }

  /** Whether {@code id} names a site (ids between the two ranges name none). */
  public static boolean registered(int id) {
    String[] s = snapshot;
    return id >= 0 && id < s.length && s[id] != null;
  }

  /** True where the value read at this site seeds a default random generator. */
  public static boolean seedsRandomness(int id) {
    boolean[] s = seedSnapshot;
    return id > 0 && id < s.length && s[id];
  }

  /** The ids registered so far, in the order they were registered (not 0, which names no site). */
  public static int[] inOrder() {
    return orderSnapshot;
  }
}
