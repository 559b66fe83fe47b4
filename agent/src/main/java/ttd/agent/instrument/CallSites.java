package ttd.agent.instrument;

import java.util.ArrayList;
import java.util.List;

/**
 * Names every rewritten call site, so replay can check that an event comes from the same place.
 *
 * <p>Ids are dense and assigned at instrumentation time, in whatever order classes load; they are
 * only meaningful within one JVM. Recordings store the id-to-name table, and replay compares names,
 * not ids. A name reads like a stack frame: {@code shop.Cart.add(Cart.java:42)}.
 */
public final class CallSites {

  private static final List<String> NAMES = new ArrayList<>();
  private static final List<Boolean> SEEDS = new ArrayList<>();
  private static volatile String[] snapshot = new String[0];
  private static volatile boolean[] seedSnapshot = new boolean[0];

  static {
    NAMES.add("(no call site)");
    SEEDS.add(Boolean.FALSE);
  }

  private CallSites() {}

  /** Registers a site and returns its id (never 0, which means "no call site"). */
  public static synchronized int register(String name, boolean seedsRandomness) {
    NAMES.add(name);
    SEEDS.add(seedsRandomness);
    snapshot = NAMES.toArray(new String[0]);
    boolean[] s = new boolean[SEEDS.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = SEEDS.get(i);
    }
    seedSnapshot = s;
    return NAMES.size() - 1;
  }

  public static String name(int id) {
    String[] s = snapshot;
    return id >= 0 && id < s.length ? s[id] : "(unknown call site " + id + ")";
  }

  /** True where the value read at this site seeds a default random generator. */
  public static boolean seedsRandomness(int id) {
    boolean[] s = seedSnapshot;
    return id > 0 && id < s.length && s[id];
  }

  public static int count() {
    return snapshot.length;
  }
}
