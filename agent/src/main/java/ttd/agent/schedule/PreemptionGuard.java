package ttd.agent.schedule;

import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.stream.Stream;

/**
 * Decides whether the running thread may be preempted where it ticks, by looking at its stack.
 *
 * <p>JDK code is not instrumented for monitors and never ticks, so a thread is only preempted in
 * application code. That is unsafe in two cases: inside a class initialiser (the JVM holds the
 * class's init lock; another thread touching the class would block in the JVM while holding the
 * baton: Fray's trap), and in application code called back from JDK code that holds a monitor the
 * model cannot see (a {@code toString} in {@code StringBuffer.append}, a {@code hashCode} in
 * {@code Hashtable.put}); the JVM says which monitors a thread holds, and a callback under none (a
 * {@code forEach}'s lambda, a dynamic proxy's handler) is application code like any other.
 * Recording only: replay follows the log. The same walk decides whether a wait that needs no other
 * program thread (a sleep) may give up the baton ({@link #mayWaitOutside}), in record and replay
 * alike.
 */
final class PreemptionGuard {

  private static final StackWalker WALKER = StackWalker.getInstance();
  /** Answers which monitors the running thread holds, and which frames took them. */
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** What the stack says about the running thread. */
  private enum Stack {
    /** Application code only (and the JDK code at the top, where that is allowed). */
    SAFE,
    /** Inside a class initialiser: the JVM holds the class's init lock. */
    INITIALISING,
    /** Application code called back from JDK code, which may hold a monitor. */
    CALLED_BACK
  }

  private PreemptionGuard() {}

  static boolean mayPreempt() {
    return safe(WALKER.walk(frames -> read(frames, false)));
  }

  /**
   * Whether a wait that no other program thread ends (a sleep) may give up the baton here. Not
   * inside a class initialiser, nor in a callback from JDK code (a {@code computeIfAbsent} loader
   * that sleeps) while JDK code holds a monitor the next thread would block on while holding the
   * baton ({@link BatonWatch}). Keeping the baton is safe only for a wait that needs no other
   * thread: a poll loop that sleeps until another thread has done something never ends (H2's wait
   * for a closing database, reached through a dynamic proxy of JDBI's or Spring's, or from a
   * {@code forEach}). The JDK frames of the wait itself ({@code TimeUnit.sleep}) do not count. A
   * name lookup never gives up the baton.
   */
  static boolean mayWaitOutside() {
    return safe(WALKER.walk(frames -> read(frames, true)));
  }

  private static boolean safe(Stack stack) {
    return stack == Stack.SAFE || stack == Stack.CALLED_BACK && !holdsJdkMonitor();
  }

  private static Stack read(Stream<StackWalker.StackFrame> frames, boolean skipLeadingJdk) {
    boolean jdkAbove = false;
    boolean appSeen = false;
    for (StackWalker.StackFrame f : (Iterable<StackWalker.StackFrame>) frames::iterator) {
      String c = f.getClassName();
      if (isTtd(c)) {
        continue;
      }
      if (f.getMethodName().equals("<clinit>")) {
        return Stack.INITIALISING;
      }
      if (isJdk(c)) {
        jdkAbove |= appSeen || !skipLeadingJdk;
      } else if (jdkAbove) {
        return Stack.CALLED_BACK;
      } else {
        appSeen = true;
      }
    }
    return Stack.SAFE;
  }

  /**
   * Whether a frame of JDK code, or native code, holds a monitor of the running thread: the
   * monitors the model does not know. Asked only of callbacks, since the answer stops the JVM at a
   * safepoint; unknown counts as held.
   */
  private static boolean holdsJdkMonitor() {
    try {
      ThreadInfo[] info = THREADS.getThreadInfo(new long[] {Thread.currentThread().getId()}, true, false);
      if (info.length != 1 || info[0] == null) {
        return true;
      }
      for (MonitorInfo m : info[0].getLockedMonitors()) {
        StackTraceElement at = m.getLockedStackFrame();
        if (at == null || isJdk(at.getClassName())) {
          return true;
        }
      }
      return false;
    } catch (RuntimeException e) {
      return true;
    }
  }

  static boolean isJdk(String className) {
    return className.startsWith("java.")
        || className.startsWith("javax.")
        || className.startsWith("jdk.")
        || className.startsWith("sun.")
        || className.startsWith("com.sun.");
  }

  private static boolean isTtd(String className) {
    return className.startsWith("ttd.agent.") || className.startsWith("ttd.runtime.");
  }
}
