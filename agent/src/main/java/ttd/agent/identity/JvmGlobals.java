package ttd.agent.identity;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * JVM-wide values that the program observes but that are fixed before any hook can see them.
 *
 * <p>Some JDK classes draw static seeds from the clock when they initialise ({@code
 * ThreadLocalRandom}'s seeder, {@code SplittableRandom}'s default generator, the {@code Clock}
 * offset) or advance them on every use ({@code Random}'s seed uniquifier). Who initialises them
 * first (the program, or a library the agent uses) differs between record and replay, so their
 * values at the end of premain are recorded and written back in replay. {@code
 * ImmutableCollections.SALT32L}/{@code REVERSE}, which order {@code Set.of}/{@code Map.of}, are drawn
 * at boot before any agent runs and are handled the same way. The anonymous-thread counter
 * ({@code Thread-N} names) is put back after libraries that create unnamed threads; the program's
 * first thread id ({@link ThreadIds}) is recorded and used again.
 */
public final class JvmGlobals {

  private static final String[][] SEEDS = {
    {"java.util.concurrent.ThreadLocalRandom", "seeder"},
    {"java.util.concurrent.ThreadLocalRandom", "probeGenerator"},
    {"java.util.SplittableRandom", "defaultGen"},
    {"java.util.Random", "seedUniquifier"},
    {"java.time.Clock", "offset"},
    {"java.util.ImmutableCollections", "SALT32L"},
    {"java.util.ImmutableCollections", "REVERSE"},
  };

  /**
   * The class holding the {@code Set.of}/{@code Map.of} salt. Its fields are private, so only it
   * and its nestmates (every {@code ImmutableCollections$...} class, anonymous iterators such as
   * {@code Set12$1} included) can read them: those are the classes whose compiled code may have
   * folded the boot value.
   */
  public static final String SALT_HOLDER = "java.util.ImmutableCollections";

  /** Whether a class may hold compiled code that folded the salt: the holder and its nestmates. */
  public static boolean readsSalt(String className) {
    return className.equals(SALT_HOLDER) || className.startsWith(SALT_HOLDER + "$");
  }

  /** The program's first thread id: not a seed, so pinning leaves it alone. */
  public static final String THREAD_IDS = "java.lang.Thread.firstProgramId";

  private JvmGlobals() {}

  /** Initialises the seed-holding classes and returns their current values by name. */
  public static Map<String, String> capture() {
    Map<String, String> values = new LinkedHashMap<>();
    for (String[] s : SEEDS) {
      InternalUnsafe.StaticField f = field(s[0], s[1]);
      if (f != null) {
        values.put(s[0] + "." + s[1], read(f, s[1]));
      }
    }
    if (ThreadIds.first() >= 0) {
      values.put(THREAD_IDS, Long.toString(ThreadIds.first()));
    }
    return values;
  }

  /**
   * Writes back values captured by {@link #capture()}; names not present are left alone. Returns
   * whether the salt's value changed, so that code which folded the old one must be dropped.
   */
  public static boolean restore(Map<String, String> values) {
    if (values.containsKey(THREAD_IDS)) {
      ThreadIds.startAt(Long.parseLong(values.get(THREAD_IDS)));
    }
    boolean saltChanged = false;
    for (String[] s : SEEDS) {
      String v = values.get(s[0] + "." + s[1]);
      InternalUnsafe.StaticField f = v == null ? null : field(s[0], s[1]);
      if (f != null) {
        if (s[0].equals(SALT_HOLDER) && !read(f, s[1]).equals(v)) {
          saltChanged = true;
        }
        write(f, s[1], v);
      }
    }
    return saltChanged;
  }

  private static InternalUnsafe.StaticField field(String className, String name) {
    try {
      Class<?> c = Class.forName(className, true, null);
      return InternalUnsafe.staticField(c, name);
    } catch (ClassNotFoundException | IllegalStateException e) {
      return null;
    }
  }

  private static String read(InternalUnsafe.StaticField f, String name) {
    switch (name) {
      case "offset":
      case "SALT32L":
        return Long.toString(f.getLong());
      case "REVERSE":
        return Boolean.toString(f.getBoolean());
      case "probeGenerator":
        return Integer.toString(((AtomicInteger) f.getReference()).get());
      default:
        return Long.toString(((AtomicLong) f.getReference()).get());
    }
  }

  private static void write(InternalUnsafe.StaticField f, String name, String v) {
    switch (name) {
      case "offset":
      case "SALT32L":
        f.putLong(Long.parseLong(v));
        break;
      case "REVERSE":
        f.putBoolean(Boolean.parseBoolean(v));
        break;
      case "probeGenerator":
        ((AtomicInteger) f.getReference()).set(Integer.parseInt(v));
        break;
      default:
        ((AtomicLong) f.getReference()).set(Long.parseLong(v));
    }
  }

  /** The field behind {@code Thread-N} names: {@code threadInitNumber} (17) or {@code next} (21+). */
  public static InternalUnsafe.StaticField threadNumber() {
    InternalUnsafe.StaticField f = field("java.lang.Thread", "threadInitNumber");
    return f != null ? f : field("java.lang.Thread$ThreadNumbering", "next");
  }
}
