package ttd.debug.eval;

import com.sun.jdi.Method;
import java.util.Set;
import ttd.debug.BadInput;

/**
 * Which methods the console may run in a replay: those whose effects on the world pass through
 * ttd's hooks, where the replay's agent refuses them during an evaluation (see the agent's {@code
 * EvaluationFence}).
 *
 * <p>JDI can call any method, private ones too, and three kinds would get past the hooks: a native
 * method called directly (the hooks replace the natives' call sites, so {@code
 * FileOutputStream.writeBytes} itself writes), the JVM's exit machinery below {@code Runtime}
 * ({@code java.lang.Shutdown}, which would run the shutdown hooks on threads the debugger holds
 * still, and hang), and ttd's own classes in the replay (which could turn the hooks off). Each is
 * refused in one sentence. Natives that only compute or read the JVM's own state are allowed.
 */
final class CallPolicy {

  /** Classes whose native methods touch nothing outside the JVM. */
  private static final Set<String> PURE_NATIVES =
      Set.of(
          "java.lang.Object", "java.lang.Class", "java.lang.String", "java.lang.StringUTF16",
          "java.lang.Math", "java.lang.StrictMath", "java.lang.Float", "java.lang.Double",
          "java.lang.System", "java.lang.Runtime", "java.lang.Thread", "java.lang.Throwable",
          "java.lang.StackTraceElement", "java.lang.reflect.Array");

  /** Natives of those classes that start, stop or put threads to sleep. */
  private static final Set<String> THREAD_CONTROL =
      Set.of("start0", "sleep", "sleep0", "sleepNanos0", "stop0", "suspend0", "resume0");

  private static final Set<String> EXIT_MACHINERY =
      Set.of("java.lang.Shutdown", "java.lang.Terminator", "java.lang.ApplicationShutdownHooks");

  private CallPolicy() {}

  /** Throws {@link BadInput} with one sentence if the console must not run {@code m} in a replay. */
  static void check(Method m) {
    String type = m.declaringType().name();
    String what = type + "." + m.name();
    if (type.startsWith("ttd.runtime.") || type.startsWith("ttd.agent.") || type.startsWith("ttd.log.")) {
      throw new BadInput(
          "evaluation would call into ttd's own replay machinery (" + what + "); the console runs only"
              + " the program's and the JDK's code");
    }
    if (EXIT_MACHINERY.contains(type) || type.startsWith("java.lang.Terminator$")) {
      throw new BadInput("evaluation would exit the JVM; a replay ends only where its recording ended");
    }
    if (m.isNative() && PURE_NATIVES.contains(type) && THREAD_CONTROL.contains(m.name())) {
      throw new BadInput(
          "evaluation would start, stop or put a thread to sleep (" + what + "), but the console holds"
              + " every other thread still; a replay cannot wait here");
    }
    if (m.isNative() && !PURE_NATIVES.contains(type)) {
      throw new BadInput(
          "evaluation would call the native method " + what + " directly, past ttd's hooks; a replay"
              + " cannot perform I/O");
    }
  }
}
