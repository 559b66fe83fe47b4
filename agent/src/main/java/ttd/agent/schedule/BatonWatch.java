package ttd.agent.schedule;

/**
 * Notices the one hang the shadow model cannot prevent: the thread holding the baton is blocked
 * in the JVM on a monitor or lock the model does not know, and nobody else may run to free it.
 *
 * <p>The known case: a thread gives up the baton to block (a sleep, real I/O, a park) while JDK
 * code below it holds a monitor (a {@code ConcurrentHashMap.computeIfAbsent} whose loader
 * sleeps holds the bin's monitor), and the next thread contends for that monitor: its real
 * {@code monitorenter} blocks while it holds the baton, and the holder of the monitor waits for
 * the baton. JDK code's monitors are not modelled (see {@link PreemptionGuard}), so this cannot
 * be decided in advance without asking the JVM which monitors a thread holds, which gives the
 * objects identity hashes (the program's hash codes would change).
 *
 * <p>One thread waiting for the baton, the watcher ({@link BatonWait}), looks every {@link
 * #CHECK_MILLIS}; when it has seen the same holder at the same tick, blocked or waiting in the
 * JVM (or ended there without handing the baton on), for {@link #STUCK_NANOS} it reports it, so ttd says what happened instead of hanging
 * silently; one waiting on ttd's own locks is not stuck ({@link #waitsForTtd}). There is one
 * watch per scheduler, passed on with the role, so what it has seen outlives a change of watcher.
 */
final class BatonWatch {

  /** How often the watcher looks at the baton holder. */
  static final long CHECK_MILLIS = 500;
  /** How long the holder may stay blocked at one tick before it counts as stuck. */
  static final long STUCK_NANOS = 5_000_000_000L;

  /**
   * How long the thread that runs the JVM's shutdown for a signal ({@code SIGTERM}, {@code
   * SIGINT}) waits for the baton before ttd gives up scheduling. A holder that keeps blocking in
   * the JVM outside the scheduler between short runs (a real timed wait in a loop) is never stuck
   * at one tick and reaches its time slice's end only after hours; the user's signal must still end
   * the process.
   */
  static final long SHUTDOWN_PATIENCE_NANOS = 10_000_000_000L;

  private SchedThread seen;
  private long seenTicks;
  private long since;

  /** Looks at the baton holder {@code r}; a report once it has been stuck long enough, else null. */
  String check(SchedThread r) {
    if (r.pastItsRecording) {
      return null;
    }
    Thread.State state = r.thread.getState();
    boolean blocked = state == Thread.State.BLOCKED || state == Thread.State.WAITING
        || state == Thread.State.TIMED_WAITING || state == Thread.State.TERMINATED;
    long now = System.nanoTime();
    if (!blocked || r != seen || r.ticks != seenTicks) {
      seen = blocked ? r : null;
      seenTicks = r.ticks;
      since = now;
      return null;
    }
    if (now - since < STUCK_NANOS) {
      return null;
    }
    if (state == Thread.State.TERMINATED) {
      return ended(r);
    }
    StackTraceElement[] stack = r.thread.getStackTrace();
    if (waitsForTtd(stack)) {
      since = now;
      return null;
    }
    return report(r, state, programStack(stack));
  }

  /**
   * A report once {@code shutdown}, adopted to run the JVM's shutdown, has waited {@link
   * #SHUTDOWN_PATIENCE_NANOS} for the baton {@code holder} keeps, else null.
   */
  static String shutdownStarved(SchedThread shutdown, SchedThread holder, long now) {
    if (now - shutdown.adoptedAt < SHUTDOWN_PATIENCE_NANOS) {
      return null;
    }
    StackTraceElement[] stack = programStack(holder.thread.getStackTrace());
    StringBuilder b = new StringBuilder("the JVM began to shut down (\"").append(shutdown.name())
        .append("\") but thread #").append(holder.ordinal).append(" \"").append(holder.name())
        .append("\" kept the scheduler's baton for ").append(SHUTDOWN_PATIENCE_NANOS / 1_000_000_000L)
        .append(" s without reaching a point ttd schedules, at");
    for (int i = 0; i < Math.min(stack.length, 8); i++) {
      b.append("\n    ").append(stack[i]);
    }
    return b.append("\n  it most likely blocks in the JVM by a way ttd does not capture").toString();
  }

  /**
   * Whether the holder waits on a monitor or lock of ttd's own code or of its Chronicle (the
   * first frame below the blocking primitive is theirs): another thread doing ttd's work holds
   * it, without needing the baton, so it comes free. Under load a replay's threads opening their
   * readers one at a time (Chronicle's file lock) kept a holder waiting at {@code
   * ChronicleSettings.quietly} more than 5 s, and a healthy replay was reported stuck.
   */
  static boolean waitsForTtd(StackTraceElement[] stack) {
    for (StackTraceElement f : stack) {
      if (isBlockingPrimitive(f)) {
        continue;
      }
      String c = f.getClassName();
      return c.startsWith("ttd.") || c.startsWith("net.openhft.");
    }
    return false;
  }

  /**
   * A blocking primitive's frame, or one of ttd's frames that only pass a park on to it (a park
   * inside a hook, where the agent's own code runs, parks for real): below those, the code that
   * waits. A replay's thread that held the baton parked that way in a JDK lock (the process's,
   * taken in a hook) was taken for one waiting on ttd's own, and the replay hung unreported.
   */
  private static boolean isBlockingPrimitive(StackTraceElement f) {
    String c = f.getClassName();
    String m = f.getMethodName();
    return c.equals("jdk.internal.misc.Unsafe") || c.equals("java.util.concurrent.locks.LockSupport")
        || c.equals("java.lang.Object") || c.equals("java.lang.Thread")
        || c.startsWith("ttd.") && (m.equals("park") || m.equals("onThreadPark"));
  }

  /**
   * The holder's JVM thread ended without handing the baton on: no thread may run again. Seen in
   * a replay whose thread ended before the recording let it (the report is then its divergence),
   * which had hung silently.
   */
  static String ended(SchedThread r) {
    return "thread #" + r.ordinal + " \"" + r.name() + "\" holds the scheduler's baton but its thread has ended in the JVM"
        + " (after " + r.ticks + " ticks), so no other thread may run";
  }

  private static String report(SchedThread r, Thread.State state, StackTraceElement[] stack) {
    StringBuilder b = new StringBuilder("thread #").append(r.ordinal).append(" \"").append(r.name())
        .append("\" holds the scheduler's baton but has been ")
        .append(state == Thread.State.BLOCKED ? "blocked on a monitor" : "waiting")
        .append(" in the JVM for ").append(STUCK_NANOS / 1_000_000_000L).append(" s, at");
    for (int i = 0; i < Math.min(stack.length, 8); i++) {
      b.append("\n    ").append(stack[i]);
    }
    StackTraceElement jdk = unscheduledJdkCode(stack);
    b.append("\n  it waits for a monitor or lock that JDK code took and ttd does not model, most likely"
        + " held by a thread that gave up the baton to block (sleep, I/O, park) inside JDK code;"
        + " ttd cannot schedule ")
        .append(jdk == null ? "this JDK code" : jdk.getClassName() + "." + jdk.getMethodName())
        .append(" further");
    return b.toString();
  }

  /** The stack as the program sees it: without ttd's frames and the method handles they call through. */
  static StackTraceElement[] programStack(StackTraceElement[] stack) {
    return java.util.Arrays.stream(stack)
        .filter(f -> !f.getClassName().startsWith("ttd.agent.")
            && !f.getClassName().startsWith("ttd.runtime.")
            && !f.getClassName().startsWith("java.lang.invoke."))
        .toArray(StackTraceElement[]::new);
  }

  /**
   * The JDK method the thread is stuck in: the first frame below the blocking primitive itself
   * ({@code Unsafe.park}, {@code LockSupport}, {@code Object.wait}), null if there is none.
   */
  static StackTraceElement unscheduledJdkCode(StackTraceElement[] stack) {
    for (StackTraceElement f : stack) {
      if (isBlockingPrimitive(f)) {
        continue;
      }
      return PreemptionGuard.isJdk(f.getClassName()) ? f : null;
    }
    return null;
  }
}
