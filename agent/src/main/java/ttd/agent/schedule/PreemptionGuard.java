package ttd.agent.schedule;

import java.util.stream.Stream;

/**
 * Decides whether the running thread may be preempted where it ticks, by looking at its stack.
 *
 * <p>JDK code is not instrumented for monitors and never ticks, so a thread is only preempted in
 * application code. That is unsafe in two cases: inside a class initialiser (the JVM holds the
 * class's init lock; another thread touching the class would block in the JVM while holding the
 * baton: Fray's trap), and in application code called back from JDK code (a {@code toString} in
 * {@code StringBuffer.append}, a {@code hashCode} in {@code Hashtable.put}), which may hold a JDK
 * monitor the model cannot see. Recording only: replay follows the log. The same walk decides
 * whether a wait that needs no other program thread (a sleep) may give up the baton ({@link
 * #mayWaitOutside}), in record and replay alike.
 */
final class PreemptionGuard {

  private static final StackWalker WALKER = StackWalker.getInstance();

  private PreemptionGuard() {}

  static boolean mayPreempt() {
    return WALKER.walk(frames -> safe(frames, false));
  }

  /**
   * Whether a wait that no other program thread ends (a sleep) may give up the baton here. Not
   * inside a class initialiser or a callback from JDK code (a {@code computeIfAbsent} loader that
   * sleeps): the JDK code below may hold a
   * monitor the next thread would block on while holding the baton ({@link BatonWatch}). Such a
   * wait needs no other thread, so keeping the baton is always safe. The JDK frames of the wait
   * itself ({@code TimeUnit.sleep}) do not count. A name lookup never gives up the baton.
   */
  static boolean mayWaitOutside() {
    return WALKER.walk(frames -> safe(frames, true));
  }

  private static boolean safe(Stream<StackWalker.StackFrame> frames, boolean skipLeadingJdk) {
    boolean jdkAbove = false;
    boolean appSeen = false;
    for (StackWalker.StackFrame f : (Iterable<StackWalker.StackFrame>) frames::iterator) {
      String c = f.getClassName();
      if (c.startsWith("ttd.agent.") || c.startsWith("ttd.runtime.")) {
        continue;
      }
      if (f.getMethodName().equals("<clinit>")) {
        return false;
      }
      if (isJdk(c)) {
        jdkAbove |= appSeen || !skipLeadingJdk;
      } else if (jdkAbove) {
        return false;
      } else {
        appSeen = true;
      }
    }
    return true;
  }

  static boolean isJdk(String className) {
    return className.startsWith("java.")
        || className.startsWith("javax.")
        || className.startsWith("jdk.")
        || className.startsWith("sun.")
        || className.startsWith("com.sun.");
  }
}
