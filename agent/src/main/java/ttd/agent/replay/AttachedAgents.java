package ttd.agent.replay;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import ttd.agent.identity.HashState;
import ttd.agent.schedule.QuietWait;
import ttd.agent.value.AppendedJars;
import ttd.log.RecordingMetadata;
import ttd.log.TraceFormat;

/**
 * The Java agents other processes had the recorded JVM load while the program ran (Byte Buddy's
 * attacher for Mockito's inline mock maker, a profiler). In the recording the JVM's attach
 * listener thread appended each agent's jar to the system class path and called the JDK's {@code
 * InstrumentationImpl.loadClassAndCallAgentmain}, beside the program, which meanwhile waited for
 * the attaching process. A replay has no attaching process: once every thread has replayed as
 * many events as it had logged when the agent's {@code agentmain} returned, the thread that
 * consumed the event has the agent loaded the same way (the recording's copy of the jar appended,
 * the same JDK method called) on a thread made as the JVM makes its attach listener ({@code
 * "Attach Listener"}, a daemon of the system group, which stays), and waits for it: the agent's
 * classes and what {@code agentmain} stored are there before the program goes on, as they were
 * when the recorded program next looked.
 *
 * <p>The agent gets an {@code Instrumentation} of its own JVMTI environment, as it had: one of the
 * extra {@code -javaagent:ttd.jar=attach-slot} the replay started with ({@code
 * ttd.launch.PreMain.takeAttachSlot}). Through ttd's own, its transformer would run inside ttd's
 * environment's class-file hook, and the JVM's instrument library does not run an environment's
 * transformers again for the classes that a transformer of the same environment loads: those
 * classes (Byte Buddy's, as Mockito's transformer first uses them) would load without ttd's
 * ticks, and the replay would leave the recorded path.
 */
final class AttachedAgents {

  /**
   * One agent: its class, options, the jar the JVM appended to the system class path and the
   * recording's copy of it, where it had loaded, and whether the JDK warned about it.
   */
  private record Agent(String agentClass, String options, Path jar, Path copy, long[] at, boolean warned) {}

  private final List<Agent> pending = new ArrayList<>();

  private AttachedAgents() {}

  /** The agents the header lists, in the order they loaded; null if there are none. */
  static AttachedAgents of(RecordingMetadata meta, Path recording) {
    int count = Integer.parseInt(meta.get(TraceFormat.ATTACHED_AGENTS, "0"));
    if (count == 0) {
      return null;
    }
    AttachedAgents agents = new AttachedAgents();
    for (int n = 0; n < count; n++) {
      String key = TraceFormat.ATTACHED_AGENT + n;
      agents.pending.add(new Agent(meta.get(key + ".class"), meta.get(key + ".options"),
          Path.of(meta.get(key + ".jar")), recording.resolve(TraceFormat.ATTACHED_AGENTS_DIR).resolve(n + ".jar"),
          RecordedSignal.positions(meta.get(key + ".at")), Boolean.parseBoolean(meta.get(key + ".warned"))));
    }
    return agents;
  }

  /** A thread consumed an event: loads the next agent if every thread is where it was when it had loaded. */
  void eventConsumed(ReplaySession session) {
    Agent due;
    synchronized (pending) {
      if (pending.isEmpty() || !session.reached(pending.get(0).at())) {
        return;
      }
      due = pending.remove(0);
    }
    HashState.keptAround(new Runnable() { // not a lambda: linking one would hash objects
      @Override
      public void run() {
        load(session, due);
      }
    });
  }

  private void load(ReplaySession session, Agent agent) {
    Instrumentation inst = slot();
    if (inst == null || !Files.isRegularFile(agent.copy())) {
      session.unendable("the recorded program had another process load the Java agent " + agent.agentClass()
          + ", which this replay cannot load: " + (inst == null
              ? "the replay JVM was started without an agent to load it through (replay it with ttd replay)"
              : agent.copy() + " is missing"));
      return;
    }
    Path jar = sameBytes(agent.jar(), agent.copy()) ? agent.jar() : agent.copy();
    Throwable[] failure = new Throwable[1];
    Object loaded = new Object();
    boolean[] done = new boolean[1];
    Runnable listener =
        new Runnable() { // not a lambda: linking one would hash objects
          @Override
          public void run() {
            try {
              if (agent.warned()) {
                System.err.println(warning(agent.jar().toString()));
              }
              if (!AppendedJars.appendToSystemLoader(jar.toString())) {
                throw new IllegalStateException("the system class loader takes no jar");
              }
              Method call = inst.getClass().getDeclaredMethod("loadClassAndCallAgentmain", String.class, String.class);
              call.setAccessible(true);
              call.invoke(inst, agent.agentClass(), agent.options());
            } catch (Throwable e) {
              failure[0] = e instanceof java.lang.reflect.InvocationTargetException ? e.getCause() : e;
            }
            synchronized (loaded) {
              done[0] = true;
              loaded.notifyAll();
            }
            while (true) { // the JVM's attach listener stays for the next attach
              java.util.concurrent.locks.LockSupport.park();
            }
          }
        };
    Thread t = new Thread(RecordedSignal.systemGroup(), listener, "Attach Listener", 0, false);
    t.setDaemon(true);
    t.start();
    // the thread that consumed the event may carry the program's interrupt, which must not end this
    // wait: the program would go on before the agent had loaded, as it did not in the recording
    QuietWait wait = new QuietWait();
    try {
      synchronized (loaded) {
        while (!done[0]) {
          wait.on(loaded, 0);
        }
      }
    } finally {
      wait.done();
    }
    if (failure[0] != null) {
      session.unendable("the recorded program had another process load the Java agent " + agent.agentClass()
          + ", which this replay could not load again: " + failure[0]);
    }
  }

  /**
   * Whether the jar the recorded JVM appended is still there as it was: then the replay appends it,
   * which the system class loader takes as it took it then (once only, if it is on the class path
   * already, as Byte Buddy's agent is for Mockito), and otherwise the recording's copy.
   */
  private static boolean sameBytes(Path jar, Path copy) {
    try {
      return Files.isRegularFile(jar) && Files.mismatch(jar, copy) == -1;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /**
   * The warning JDK 21 and later print on the attach listener thread when they make the agent's
   * {@code Instrumentation} ({@code sun.instrument.InstrumentationImpl}'s constructor), which the
   * recording's header says was printed: the replay makes the extra agent's at start-up, unwarned.
   */
  private static String warning(String jar) {
    String property = "jdk.instrument.traceUsage";
    String trace = System.getProperty(property);
    boolean traced = trace != null && (trace.isEmpty() || Boolean.parseBoolean(trace));
    String n = System.lineSeparator();
    return "WARNING: A Java agent has been loaded dynamically (" + jar + ")" + n
        + "WARNING: If a serviceability tool is in use, please run with -XX:+EnableDynamicAgentLoading to hide"
        + " this warning" + n
        + (traced ? "" : "WARNING: If a serviceability tool is not in use, please run with -D" + property
            + " for more information" + n)
        + "WARNING: Dynamic loading of agents will be disallowed by default in a future release";
  }

  /** The {@code Instrumentation} of the next extra agent the replay JVM started with, or null. */
  private static Instrumentation slot() {
    try {
      Class<?> launch = Class.forName("ttd.launch.PreMain", false, ClassLoader.getSystemClassLoader());
      return (Instrumentation) launch.getMethod("takeAttachSlot").invoke(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
