package ttd.agent;

import java.lang.reflect.Method;

/**
 * Closes the session when the JVM ends, after the program's own shutdown hooks, then does the
 * agent's own last work (writing its class pack).
 *
 * <p>The JDK runs "system" shutdown hook slots in order; slot 1 runs (and waits for) all
 * application hooks, so a hook in a later slot sees everything the program printed, even from its
 * own shutdown hooks. Where the slot cannot be had, an ordinary shutdown hook is the fallback.
 */
final class Shutdown {

  private static final int SLOT = 7;

  private Shutdown() {}

  static void register(SessionStart start, Runnable afterwards) {
    Runnable finish = () -> {
      start.finish();
      afterwards.run();
    };
    try {
      Class<?> secrets = Class.forName("jdk.internal.access.SharedSecrets");
      Object access = secrets.getMethod("getJavaLangAccess").invoke(null);
      Method register =
          Class.forName("jdk.internal.access.JavaLangAccess")
              .getMethod("registerShutdownHook", int.class, boolean.class, Runnable.class);
      register.invoke(access, SLOT, false, finish);
    } catch (ReflectiveOperationException | RuntimeException e) {
      Runtime.getRuntime().addShutdownHook(new Thread(finish, "ttd-finish"));
    }
  }
}
