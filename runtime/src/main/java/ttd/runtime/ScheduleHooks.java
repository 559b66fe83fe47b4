package ttd.runtime;

/**
 * The serializing scheduler's schedule points, as static methods that instrumented bytecode calls
 * (see {@link HookDelegate}): ticks, monitor enters, waits, sleeps, parks, joins, yields and the
 * thread queries whose answer depends on the schedule.
 *
 * <p>Apart from the tick and monitor-enter fast paths, which decide on the baton holder's {@link
 * BatonClock} without calling the agent, each forwards to the installed delegate, or runs the real
 * operation when none is installed. Each returns normally or with the exception the real
 * operation would have thrown. Defined into the bootstrap loader like {@link Hooks}.
 */
public final class ScheduleHooks {

  private static volatile RealPark realPark;
  /** The clock of the thread holding the scheduler's baton, or null (see {@link BatonClock}). */
  private static volatile BatonClock baton;

  private ScheduleHooks() {}

  /** The scheduler hands the baton to {@code holder}'s thread (null: nobody runs, or no scheduling). */
  public static void batonPassed(BatonClock holder) {
    baton = holder;
  }

  /** The clock of the thread holding the baton, or null (for {@link PathHooks}). */
  static BatonClock holder() {
    return baton;
  }

  /** Installs the real {@code Unsafe.park/unpark}, before any of their call sites is rewritten. */
  public static void installRealPark(RealPark park) {
    realPark = park;
  }

  /**
   * A tick of the preemption budget: method entries and loop back-edges of application code. It
   * counts only on the thread holding the baton and outside agent code, and calls the agent only
   * when the thread's ticks reach its {@link BatonClock#switchAt}.
   */
  public static void onTick() {
    BatonClock c = baton;
    if (c != null && c.thread == Thread.currentThread() && !c.owner.busy && !c.owner.tickless
        && ++c.ticks >= c.switchAt) {
      Hooks.delegate().onTick();
    }
  }

  /**
   * Before a {@code monitorenter} of application code (the real one follows): a tick, and the
   * scheduler's model takes the monitor; the agent is called only if the tick reached {@link
   * BatonClock#switchAt} or the monitor may be held by another thread.
   */
  public static void onMonitorEnter(Object monitor) {
    BatonClock c = baton;
    if (monitor != null
        && c != null
        && c.thread == Thread.currentThread()
        && !c.owner.busy
        && !c.owner.tickless
        && (++c.ticks >= c.switchAt || !c.enterFast(monitor))) {
      Hooks.delegate().onMonitorEnter(monitor);
    }
  }

  /** Replaces {@code Object.wait()} call sites. */
  public static void onObjectWait(Object monitor) throws InterruptedException {
    Hooks.delegate().onObjectWait(monitor);
  }

  /** Replaces {@code Object.notify()} call sites. */
  public static void onObjectNotify(Object monitor) {
    Hooks.delegate().onObjectNotify(monitor, false);
  }

  /** Replaces {@code Object.notifyAll()} call sites. */
  public static void onObjectNotifyAll(Object monitor) {
    Hooks.delegate().onObjectNotify(monitor, true);
  }

  /** Replaces {@code Unsafe.park(boolean, long)} call sites. */
  public static void onThreadPark(Object unsafe, boolean absolute, long time) {
    Hooks.delegate().onThreadPark(realPark, unsafe, absolute, time);
  }

  /** Replaces {@code Unsafe.unpark(Object)} call sites. */
  public static void onThreadUnpark(Object unsafe, Object thread) {
    Hooks.delegate().onThreadUnpark(realPark, unsafe, thread);
  }

  /** Replaces {@code Thread.join()} call sites. */
  public static void onThreadJoin(Thread thread) throws InterruptedException {
    onThreadJoin(thread, 0L, 0);
  }

  /** Replaces {@code Thread.join(long)} call sites. */
  public static void onThreadJoin(Thread thread, long millis) throws InterruptedException {
    onThreadJoin(thread, millis, 0);
  }

  /** Replaces {@code Thread.join(long, int)} call sites. */
  public static void onThreadJoin(Thread thread, long millis, int nanos) throws InterruptedException {
    Hooks.delegate().onThreadJoin(thread, millis, nanos);
  }

  /** Replaces {@code Thread.yield()} and {@code Thread.onSpinWait()} call sites. */
  public static void onThreadYield() {
    Hooks.delegate().onThreadYield();
  }

  /** Called on entry of {@code Thread.interrupt()}, before the real interrupt. */
  public static void onThreadInterrupt(Thread thread) {
    Hooks.delegate().onThreadInterrupt(thread);
  }

  /** Replaces {@code Thread.isAlive()} call sites of application code. */
  public static boolean onThreadIsAlive(Thread thread) {
    return Hooks.delegate().onThreadIsAlive(thread);
  }

  /**
   * Called inside {@code java.lang.Thread} with what its native {@code getThreads()} returned,
   * which {@code getAllStackTraces} reads and, on 21+, {@code Thread.enumerate}, {@code
   * ThreadGroup.enumerate} and {@code activeCount} too: a thread that ended in the scheduler's
   * model is not listed, though the JVM may still be finishing it.
   */
  public static Thread[] onThreadList(Thread[] all) {
    return Hooks.delegate().onThreadList(all);
  }

  /**
   * Called in JDK 17's {@code ThreadGroup.activeCount()}, under the group's lock, with the group's
   * members and their count: how many of them have not ended in the scheduler's model, which a
   * thread leaves before the JVM has taken it out of its group.
   */
  public static int onGroupCount(Thread[] members, int count) {
    return count == 0 || !Hooks.installed()
        ? count
        : Hooks.delegate().onThreadList(java.util.Arrays.copyOf(members, count)).length;
  }

  /** Replaces {@code Thread.isInterrupted()} call sites (application and JDK code). */
  public static boolean onThreadIsInterrupted(Thread thread) {
    return Hooks.delegate().onThreadIsInterrupted(thread);
  }

  /** Replaces {@code Thread.getState()} call sites of application code. */
  public static Thread.State onThreadGetState(Thread thread) {
    return Hooks.delegate().onThreadGetState(thread);
  }

  /** Called on entry of a virtual thread's start, which the scheduler does not support. */
  public static void onVirtualThreadStart(Object thread) {
    Hooks.delegate().onVirtualThreadStart(thread);
  }

  /** Replaces {@code Thread.sleep(long)} call sites. */
  public static void onThreadSleep(long millis) throws InterruptedException {
    Hooks.delegate().onThreadSleep(millis, 0);
  }

  /** Replaces {@code Thread.sleep(long, int)} call sites. */
  public static void onThreadSleep(long millis, int nanos) throws InterruptedException {
    Hooks.delegate().onThreadSleep(millis, nanos);
  }

  /** Replaces {@code Object.wait(long)} call sites. */
  public static void onObjectWait(Object monitor, long millis) throws InterruptedException {
    Hooks.delegate().onObjectWait(monitor, millis, 0);
  }

  /** Replaces {@code Object.wait(long, int)} call sites. */
  public static void onObjectWait(Object monitor, long millis, int nanos)
      throws InterruptedException {
    Hooks.delegate().onObjectWait(monitor, millis, nanos);
  }
}
