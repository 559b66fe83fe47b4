package ttd.launch;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import ttd.log.TraceFormat;

/**
 * The {@code -javaagent} entry point: unpack, isolate, grant, hand over, and never throw.
 *
 * <p>An exception escaping premain kills the JVM, and a recording agent must never take down the
 * program it records: any failure while recording is reported in one line and the program runs
 * unrecorded. A replay is the opposite: without its agent the program would run for real, so a
 * replay agent that cannot start halts the JVM before the program's {@code main} (see {@link
 * ReplayHandshake}).
 */
public final class PreMain {

  /**
   * The {@code Instrumentation}s of the extra agents a replay starts with ({@code attach-slot}),
   * each the JVM's for an environment of its own, which the replay loads an agent through that
   * another process had the recorded JVM load (the agent's {@code replay.AttachedAgents}).
   */
  private static final java.util.Queue<Instrumentation> ATTACH_SLOTS = new java.util.concurrent.ConcurrentLinkedQueue<>();

  private PreMain() {}

  public static void premain(String options, Instrumentation inst) {
    if (TraceFormat.ATTACH_SLOT.equals(options)) {
      ATTACH_SLOTS.add(inst); // nothing else: the agent it is kept for runs nothing before it loads
      return;
    }
    ReplayHandshake replay = ReplayHandshake.of(options);
    try {
      NestedLibraries libs = NestedLibraries.forAgent(PreMain.class);
      ClassLoader loader = libs.isolatedLoader("ttd-agent");
      Module agent = loader.getUnnamedModule();
      // Exactly what Chronicle and the hooks need, granted to the agent's loader only.
      inst.redefineModule(
          Object.class.getModule(),
          Set.of(),
          Map.of(
              "jdk.internal.misc", Set.of(agent),
              "jdk.internal.access", Set.of(agent),
              "sun.nio.ch", Set.of(agent),
              "jdk.internal.ref", Set.of(agent),
              "jdk.internal.module", Set.of(agent),
              "sun.net", Set.of(agent)),
          Map.of(
              "java.lang.reflect", Set.of(agent),
              "java.io", Set.of(agent),
              "sun.nio.fs", Set.of(agent),
              "sun.nio.ch", Set.of(agent),
              "java.lang", Set.of(agent),
              "java.lang.ref", Set.of(agent),
              "java.net", Set.of(agent),
              "java.util.concurrent.locks", Set.of(agent),
              "java.security", Set.of(agent),
              "jdk.internal.loader", Set.of(agent)),
          Set.of(),
          Map.of());
      // JDK 20+: the console's echo native (CaptureTable), where the package exists
      Module base = Object.class.getModule();
      if (base.getPackages().contains("jdk.internal.io")) {
        inst.redefineModule(base, Set.of(), Map.of(), Map.of("jdk.internal.io", Set.of(agent)), Set.of(), Map.of());
      }
      // java.util.prefs' lock-file natives (NativeIoTable), where the module is in the image
      Module prefs = ModuleLayer.boot().findModule("java.prefs").orElse(null);
      if (prefs != null) {
        inst.redefineModule(prefs, Set.of(), Map.of(), Map.of("java.util.prefs", Set.of(agent)), Set.of(), Map.of());
      }
      // ThreadInfo's private constructor and fields, to rebuild the infos a program read (ThreadInfos)
      Module management = ModuleLayer.boot().findModule("java.management").orElse(null);
      if (management != null) {
        inst.redefineModule(
            management, Set.of(), Map.of(), Map.of("java.lang.management", Set.of(agent)), Set.of(), Map.of());
      }
      // a garbage collector's bean and GcInfo's private parts, to deliver GC notifications (GcNotifications)
      Module gcBeans = ModuleLayer.boot().findModule("jdk.management").orElse(null);
      if (gcBeans != null) {
        inst.redefineModule(gcBeans, Set.of(), Map.of(),
            Map.of("com.sun.management.internal", Set.of(agent), "com.sun.management", Set.of(agent)), Set.of(),
            Map.of());
      }
      // InstrumentationImpl's own agent loading, which a replay calls for an agent another process
      // had the recorded JVM load (replay.AttachedAgents)
      Module instrument = Instrumentation.class.getModule();
      inst.redefineModule(instrument, Set.of(), Map.of(), Map.of("sun.instrument", Set.of(agent)), Set.of(), Map.of());
      // The hook classes must be in the bootstrap loader before any agent class that names them
      // is linked, so they are defined by a class that does not.
      Class.forName("ttd.agent.BootstrapRuntime", true, loader)
          .getMethod("define", Path.class)
          .invoke(null, libs.runtimeJar());
      Class<?> main = Class.forName("ttd.agent.AgentMain", true, loader);
      main.getMethod("premain", String.class, Instrumentation.class, Path.class, Runnable.class, Consumer.class)
          .invoke(null, options, inst, libs.runtimeJar(), replay, replay);
    } catch (Throwable t) {
      Throwable cause = t instanceof java.lang.reflect.InvocationTargetException ? t.getCause() : t;
      String why = cause instanceof java.io.IOException && cause.getMessage() != null ? cause.getMessage() : String.valueOf(cause);
      if (replay != null) {
        replay.accept("the replay agent could not start, so nothing of the program ran: " + why);
      }
      System.err.println("ttd: the agent could not start, so the program runs without recording: " + why);
    }
  }

  /** The next extra agent's {@code Instrumentation}, or null if the replay started with none left. */
  public static Instrumentation takeAttachSlot() {
    return ATTACH_SLOTS.poll();
  }
}
