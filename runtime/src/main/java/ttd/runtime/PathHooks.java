package ttd.runtime;

/**
 * The divergence finder's hooks (recordings made with the {@code path} option, and their
 * replays): application classes call them at the entry and returns of every method that calls
 * something, at the start of its exception handlers, before its loops' back-edges and before its
 * calls of JDK methods. Each one reaches the running thread's {@link PathTrace} through the baton
 * holder's clock, as the tick does ({@link ScheduleHooks#onTick()}), so it acts only where ticks
 * count: on the thread holding the baton, outside agent code. Programs recorded without the option
 * never call these.
 */
public final class PathHooks {

  private PathHooks() {}

  public static void onEnter(int method) {
    PathTrace p = trace();
    if (p != null) {
      p.enter(method);
    }
  }

  public static void onExit(int method) {
    PathTrace p = trace();
    if (p != null) {
      p.exit(method);
    }
  }

  public static void onCatch(int method) {
    PathTrace p = trace();
    if (p != null) {
      p.caught(method);
    }
  }

  public static void onLoop() {
    PathTrace p = trace();
    if (p != null) {
      p.loop();
    }
  }

  public static void onJdkCall(int site) {
    PathTrace p = trace();
    if (p != null) {
      p.jdkCall(site);
    }
  }

  private static PathTrace trace() {
    BatonClock c = ScheduleHooks.holder();
    if (c == null || c.thread != Thread.currentThread()) {
      return null;
    }
    AgentGuard g = c.owner;
    return g.busy ? null : g.path;
  }
}
