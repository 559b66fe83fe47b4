package ttd.runtime;

import java.lang.management.MemoryUsage;
import java.util.Map;

/**
 * The complete list of interception points, as static methods that instrumented bytecode calls.
 *
 * <p>Each forwards to the installed {@link HookDelegate}; until the agent installs one, every hook
 * passes the original value through. Hooks are named {@code on<Source><Op>}, take the value the
 * real call produced and return the value the program sees. This class must stay tiny and free of
 * dependencies: it is defined into the bootstrap loader, where {@code java.base} can call it.
 */
public final class Hooks {

  /** {@link #onUncapturedInput} source: a file channel maps its file into memory. */
  public static final int INPUT_FILE_MAP = 8;

  private static volatile HookDelegate delegate;
  private static volatile RealPark realPark;
  /** The clock of the thread holding the scheduler's baton, or null (see {@link BatonClock}). */
  private static volatile BatonClock baton;

  private Hooks() {}

  /** Installs the delegate once; later calls replace it (tests only). */
  public static void install(HookDelegate newDelegate) {
    delegate = newDelegate;
  }

  /** The installed delegate, for the other groups of hooks ({@link FileHooks}, {@link NativeIoHooks},
   * {@link NetHooks}). */
  static HookDelegate delegate() {
    return delegate;
  }

  /** The scheduler hands the baton to {@code holder}'s thread (null: nobody runs, or no scheduling). */
  public static void batonPassed(BatonClock holder) {
    baton = holder;
  }

  /** Installs the real {@code Unsafe.park/unpark}, before any of their call sites is rewritten. */
  public static void installRealPark(RealPark park) {
    realPark = park;
  }

  public static long onSystemCurrentTimeMillis(long original, int site) {
    HookDelegate d = delegate;
    return d == null ? original : d.onSystemCurrentTimeMillis(original, site);
  }

  public static long onSystemNanoTime(long original, int site) {
    HookDelegate d = delegate;
    return d == null ? original : d.onSystemNanoTime(original, site);
  }

  public static long onVmNanoTimeAdjustment(long original, int site) {
    HookDelegate d = delegate;
    return d == null ? original : d.onVmNanoTimeAdjustment(original, site);
  }

  public static int onRuntimeAvailableProcessors(int original, int site) {
    HookDelegate d = delegate;
    return d == null ? original : d.onRuntimeAvailableProcessors(original, site);
  }

  public static long onRuntimeMemory(long original, int site) {
    HookDelegate d = delegate;
    return d == null ? original : d.onRuntimeMemory(original, site);
  }

  /** A figure of the JVM's management natives (see the agent's {@code ManagementCalls}). */
  public static long onManagementValue(long original, int site) {
    HookDelegate d = delegate;
    return d == null ? original : d.onManagementValue(original, site);
  }

  public static int onManagementValue(int original, int site) {
    return (int) onManagementValue((long) original, site);
  }

  public static double onManagementValue(double original, int site) {
    return Double.longBitsToDouble(onManagementValue(Double.doubleToRawLongBits(original), site));
  }

  public static MemoryUsage onManagementValue(MemoryUsage original, int site) {
    if (delegate == null || original == null) {
      return original;
    }
    return new MemoryUsage(
        onManagementValue(original.getInit(), site),
        onManagementValue(original.getUsed(), site),
        onManagementValue(original.getCommitted(), site),
        onManagementValue(original.getMax(), site));
  }

  public static String onInetAddressHostName(String original, int site) {
    HookDelegate d = delegate;
    return d == null ? original : d.onInetAddressHostName(original, site);
  }

  /** Replaces {@code Thread.sleep(long)} call sites. */
  public static void onThreadSleep(long millis) throws InterruptedException {
    HookDelegate d = delegate;
    if (d == null) {
      Thread.sleep(millis);
    } else {
      d.onThreadSleep(millis, 0);
    }
  }

  /** Replaces {@code Thread.sleep(long, int)} call sites. */
  public static void onThreadSleep(long millis, int nanos) throws InterruptedException {
    HookDelegate d = delegate;
    if (d == null) {
      Thread.sleep(millis, nanos);
    } else {
      d.onThreadSleep(millis, nanos);
    }
  }

  /** Replaces {@code Object.wait(long)} call sites. */
  public static void onObjectWait(Object monitor, long millis) throws InterruptedException {
    HookDelegate d = delegate;
    if (d == null) {
      monitor.wait(millis);
    } else {
      d.onObjectWait(monitor, millis, 0);
    }
  }

  /** Replaces {@code Object.wait(long, int)} call sites. */
  public static void onObjectWait(Object monitor, long millis, int nanos)
      throws InterruptedException {
    HookDelegate d = delegate;
    if (d == null) {
      monitor.wait(millis, nanos);
    } else {
      d.onObjectWait(monitor, millis, nanos);
    }
  }

  public static byte[] onSecureRandomBytes(byte[] produced) {
    HookDelegate d = delegate;
    return d == null ? produced : d.onSecureRandomBytes(produced);
  }

  public static long onProcessHandlePid(long original, Object handle) {
    HookDelegate d = delegate;
    return d == null ? original : d.onProcessHandlePid(original, handle);
  }

  public static long onThreadId(long original) {
    HookDelegate d = delegate;
    return d == null ? original : d.onThreadId(original);
  }

  public static long onProcessTableValue(long original, int site) {
    HookDelegate d = delegate;
    return d == null ? original : d.onProcessTableValue(original, site);
  }

  public static Object onProcessHandleInfo(Object original) {
    HookDelegate d = delegate;
    return d == null || original == null ? original : d.onProcessHandleInfo(original);
  }

  public static String onSystemGetenv(String original, String name) {
    HookDelegate d = delegate;
    return d == null ? original : d.onSystemGetenv(original, name);
  }

  public static Map<String, String> onSystemGetenvAll(Map<String, String> original) {
    HookDelegate d = delegate;
    return d == null ? original : d.onSystemGetenvAll(original);
  }

  public static void onThreadStart(Thread thread) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onThreadStart(thread);
    }
  }

  /** Called on entry of {@code run()} of threads; only the thread's own first call counts. */
  public static void onThreadRun(Object self) {
    HookDelegate d = delegate;
    if (d != null && self instanceof Thread && self == Thread.currentThread()) {
      d.onThreadRun((Thread) self);
    }
  }

  public static void onThreadUncaughtException(Thread thread, Throwable error) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onThreadUncaughtException(thread, error);
    }
  }

  /** Called on entry of {@code Thread.exit()}, which the JVM runs as a thread terminates. */
  public static void onThreadExit(Thread thread) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onThreadExit(thread);
    }
  }

  public static void onRuntimeHalt(int status) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onRuntimeHalt(status);
    }
  }

  public static void onRuntimeExit(int status) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onRuntimeExit(status);
    }
  }

  public static void onMainArgs(String[] args) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onMainArgs(args);
    }
  }

  /** Called where the program takes an input that ttd does not capture yet (see the sources). */
  public static void onUncapturedInput(int source, Object detail) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onUncapturedInput(source, detail);
    }
  }

  /**
   * Where {@code Class} gets its declared methods from the JVM ({@code getDeclaredMethods0}):
   * returns them in an order that is the same in every run ({@link DeclarationOrder}).
   */
  public static java.lang.reflect.Method[] onClassDeclaredMethods(java.lang.reflect.Method[] original) {
    return delegate == null ? original : DeclarationOrder.sorted(original);
  }

  /** Where {@code Class} gets its declared constructors from the JVM: as {@link #onClassDeclaredMethods}. */
  public static java.lang.reflect.Constructor<?>[] onClassDeclaredConstructors(
      java.lang.reflect.Constructor<?>[] original) {
    return delegate == null ? original : DeclarationOrder.sorted(original);
  }

  // The serializing scheduler's schedule points (see HookDelegate). Each returns normally or with
  // the exception the real operation would have thrown.

  /**
   * A tick of the preemption budget: method entries and loop back-edges of application code. It
   * counts only on the thread holding the baton and outside agent code, and calls the agent only
   * when the thread's ticks reach its {@link BatonClock#switchAt}.
   */
  public static void onTick() {
    BatonClock c = baton;
    if (c != null && c.thread == Thread.currentThread() && !c.owner.busy && ++c.ticks >= c.switchAt) {
      HookDelegate d = delegate;
      if (d != null) {
        d.onTick();
      }
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
        && (++c.ticks >= c.switchAt || !c.enterFast(monitor))) {
      HookDelegate d = delegate;
      if (d != null) {
        d.onMonitorEnter(monitor);
      }
    }
  }

  /** Replaces {@code Object.wait()} call sites. */
  public static void onObjectWait(Object monitor) throws InterruptedException {
    HookDelegate d = delegate;
    if (d == null) {
      monitor.wait();
    } else {
      d.onObjectWait(monitor, 0, 0);
    }
  }

  /** Replaces {@code Object.notify()} call sites. */
  public static void onObjectNotify(Object monitor) {
    HookDelegate d = delegate;
    if (d == null) {
      monitor.notify();
    } else {
      d.onObjectNotify(monitor, false);
    }
  }

  /** Replaces {@code Object.notifyAll()} call sites. */
  public static void onObjectNotifyAll(Object monitor) {
    HookDelegate d = delegate;
    if (d == null) {
      monitor.notifyAll();
    } else {
      d.onObjectNotify(monitor, true);
    }
  }

  /** Replaces {@code Unsafe.park(boolean, long)} call sites. */
  public static void onThreadPark(Object unsafe, boolean absolute, long time) {
    HookDelegate d = delegate;
    if (d == null) {
      realPark.park(unsafe, absolute, time);
    } else {
      d.onThreadPark(realPark, unsafe, absolute, time);
    }
  }

  /** Replaces {@code Unsafe.unpark(Object)} call sites. */
  public static void onThreadUnpark(Object unsafe, Object thread) {
    HookDelegate d = delegate;
    if (d == null) {
      realPark.unpark(unsafe, thread);
    } else {
      d.onThreadUnpark(realPark, unsafe, thread);
    }
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
    HookDelegate d = delegate;
    if (d == null) {
      thread.join(millis, nanos);
    } else {
      d.onThreadJoin(thread, millis, nanos);
    }
  }

  /** Replaces {@code Thread.yield()} and {@code Thread.onSpinWait()} call sites. */
  public static void onThreadYield() {
    HookDelegate d = delegate;
    if (d == null) {
      Thread.yield();
    } else {
      d.onThreadYield();
    }
  }

  /** Called on entry of {@code Thread.interrupt()}, before the real interrupt. */
  public static void onThreadInterrupt(Thread thread) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onThreadInterrupt(thread);
    }
  }

  /** Replaces {@code Thread.isAlive()} call sites of application code. */
  public static boolean onThreadIsAlive(Thread thread) {
    HookDelegate d = delegate;
    return d == null ? thread.isAlive() : d.onThreadIsAlive(thread);
  }

  /** Replaces {@code Thread.getState()} call sites of application code. */
  public static Thread.State onThreadGetState(Thread thread) {
    HookDelegate d = delegate;
    return d == null ? thread.getState() : d.onThreadGetState(thread);
  }

  /** Called on entry of a virtual thread's start, which the scheduler does not support. */
  public static void onVirtualThreadStart(Object thread) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onVirtualThreadStart(thread);
    }
  }
}
