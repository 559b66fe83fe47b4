package ttd.agent.identity;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Loads, at start-up and in both modes, every JDK class that ttd's own code names, so that
 * {@link SharedHashes#assignLateClasses} gives each an identity hash from its name before the
 * program runs.
 *
 * <p>HotSpot hashes a class's mirror as it links it, from the linking thread's state. Much of
 * ttd's code runs in one mode only, inside hooks on program threads: the recording's network
 * codec writes its payloads through a {@code DataOutputStream}, the replay's reads them through a
 * {@code DataInputStream}. Linked there first, such a class is hashed on agent work's state, and
 * the program's own first use of it links nothing and draws nothing, in that mode only: a
 * Hazelcast member's metrics compressor made the JVM's first {@code DataOutputStream} on main in
 * the replay, one hash more than recorded, and every later hash of main (the keys of
 * {@code ConcurrentReferenceHashMap}s, of its serializer map) differed. A class loaded here and
 * hashed by name links without a draw wherever it is first used, in both modes. The names (the
 * class constants of ttd's agent, log and runtime classes and of the ASM libraries its rewriters
 * run, which a start that takes its rewrites from the start's class pack does not run, and the
 * types named in their descriptors, signatures and strings) are listed in {@code named-jdk-classes.txt}, which {@code
 * NamedJdkClassesTest} checks against the compiled classes; a name the running JDK lacks is
 * skipped. JDK classes that JDK code links on ttd's behalf are not names of ttd's code: those
 * facilities are {@link StartupSymmetry}'s.
 */
public final class NamedJdkClasses {

  static final String LIST = "named-jdk-classes.txt";

  private NamedJdkClasses() {}

  /** Loads (without initialising) each listed class this JDK has. */
  public static void load() throws IOException {
    for (String name : names()) {
      try {
        Class.forName(name, false, null);
      } catch (ClassNotFoundException notInThisJdk) {
        // JDK 17 and 25 differ here
      }
    }
  }

  static String[] names() throws IOException {
    try (InputStream in = NamedJdkClasses.class.getResourceAsStream(LIST)) {
      if (in == null) {
        throw new IOException(LIST + " is missing from ttd's agent jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip().split("\n");
    }
  }
}
