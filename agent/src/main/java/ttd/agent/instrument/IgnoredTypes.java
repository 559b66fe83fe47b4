package ttd.agent.instrument;

/**
 * Which classes are never instrumented, and which clock readings are not the program's input.
 *
 * <p>As data, in one place (the OpenTelemetry agent's {@code GlobalIgnoredTypesConfigurer}): ttd's
 * own classes; and JDK classes whose clock reads only time class loading or feed performance
 * counters, which differ between record and replay without changing what the program does.
 * ({@code ZipOutputStream} is not one: it stamps each new entry with the time; nor is {@code
 * sun.nio.ch}, whose socket, datagram and selector timeouts decide whether a read times out.) A class that a
 * {@link TypeInstrumentation} names is instrumented even under an ignored prefix.
 */
final class IgnoredTypes {

  private static final String[] NEVER = {
    "ttd/runtime/", "ttd/agent/", "ttd/log/", "ttd/launch/", "ttd/cli/", "java/lang/invoke/", "jdk/internal/reflect/", "sun/reflect/", "jdk/internal/vm/",
  };

  private static final String[] NO_CLOCK = {
    "java/lang/ClassLoader", "java/net/URLClassLoader", "jdk/internal/loader/", "jdk/internal/perf/", "jdk/internal/module/",
    "java/util/zip/ZipFile", "java/util/jar/", "java/lang/ref/", "java/lang/Thread",
    "java/lang/VirtualThread", "jdk/internal/misc/", "java/util/concurrent/locks/LockSupport",
  };

  private static final String[] SEEDS = {
    "java/util/Random", "java/util/SplittableRandom", "java/util/concurrent/ThreadLocalRandom",
    "jdk/internal/util/random/RandomSupport",
  };

  private IgnoredTypes() {}

  static boolean ignored(String internalName) {
    return internalName.equals("java/lang/Object")
        || internalName.equals("jdk/internal/misc/Unsafe")
        || startsWithAny(internalName, NEVER);
  }

  static boolean clockSites(String internalName) {
    return !startsWithAny(internalName, NO_CLOCK);
  }

  static boolean seedsRandomness(String internalName) {
    for (String s : SEEDS) {
      if (internalName.equals(s)) {
        return true;
      }
    }
    return false;
  }

  private static boolean startsWithAny(String name, String[] prefixes) {
    for (String p : prefixes) {
      if (name.startsWith(p)) {
        return true;
      }
    }
    return false;
  }
}
