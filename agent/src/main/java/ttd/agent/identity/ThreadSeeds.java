package ttd.agent.identity;

import java.util.List;
import java.util.Map;

/**
 * The seeds and probes {@code ThreadLocalRandom} gives the program's threads, by thread ordinal
 * rather than by the order in which threads first draw.
 *
 * <p>The JDK gives a thread its seed, probe and secondary seed from shared generators ({@code
 * seeder}, {@code probeGenerator}) the first time the thread needs them: at {@code
 * ThreadLocalRandom.current()}, but also inside {@code ConcurrentHashMap} and {@code LongAdder}
 * when a counter's compare-and-set fails, that is under real contention, and such contention
 * happens where the scheduler does not serialise (a thread ending in {@code Thread.exit}, after it
 * passed the baton on, leaves a thread container's map while the next thread joins it). A draw
 * that happens in the recording and not in the replay, or later, shifts every later thread's seed.
 * So a program thread's draw is replaced by one derived from the recorded generator value, the
 * thread's ordinal, the drawing method and how many times the thread drew there: the same in
 * record and replay whenever it happens. The shared generators still advance, for ttd's and the
 * JDK's own threads.
 */
public final class ThreadSeeds {

  /** The methods of {@code ThreadLocalRandom} that draw from the shared generators; any other is one more site. */
  public static final List<String> DRAWING_METHODS = List.of("localInit", "nextSecondarySeed");

  private static final String SEEDER = "java.util.concurrent.ThreadLocalRandom.seeder";
  private static final String PROBES = "java.util.concurrent.ThreadLocalRandom.probeGenerator";
  /** Odd, so that distinct keys give distinct values (the JDK's increments, for the same spread). */
  private static final long SEED_STEP = 0xbb67ae8584caa73bL;
  private static final int PROBE_STEP = 0x9e3779b9;

  private static volatile long seederBase;
  private static volatile int probeBase;

  private ThreadSeeds() {}

  /** Takes the generators' values as the recording has them (captured, pinned or recorded). */
  public static void start(Map<String, String> globals) {
    String seeder = globals.get(SEEDER);
    String probes = globals.get(PROBES);
    seederBase = seeder == null ? 0 : Long.parseLong(seeder);
    probeBase = probes == null ? 0 : Integer.parseInt(probes);
  }

  /** The site number the instrumentation passes for a drawing method. */
  public static int site(String method) {
    int i = DRAWING_METHODS.indexOf(method);
    return i < 0 ? DRAWING_METHODS.size() : i;
  }

  /** One program thread's draws so far, by site. */
  public static final class Draws {
    private final int ordinal;
    private final int[] seeds = new int[DRAWING_METHODS.size() + 1];
    private int probes;

    public Draws(int ordinal) {
      this.ordinal = ordinal;
    }

    /** The seeder value this thread's next draw at {@code site} gets. */
    public long nextSeed(int site) {
      long key = ((long) ordinal << 32) | ((long) site << 24) | seeds[site]++;
      return seederBase + SEED_STEP * key;
    }

    /** The probe generator value this thread's next draw gets. */
    public int nextProbe() {
      return probeBase + PROBE_STEP * ((ordinal << 4) + probes++);
    }
  }
}
