package ttd.runtime;

import java.lang.management.MemoryUsage;
import java.util.Map;

/**
 * The interception points for the values a program takes from its JVM and machine (clocks,
 * environment, identifiers, random bytes) and for its threads' and process's life cycle, as static
 * methods that instrumented bytecode calls. The scheduler's schedule points are {@link
 * ScheduleHooks}; files, native I/O and the network have {@link FileHooks}, {@link NativeIoHooks}
 * and {@link NetHooks}.
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

  private Hooks() {}

  /** Installs the delegate once; later calls replace it (tests only). */
  public static void install(HookDelegate newDelegate) {
    delegate = newDelegate;
  }

  /** The installed delegate, for the other groups of hooks ({@link ScheduleHooks}, {@link FileHooks},
   * {@link NativeIoHooks}, {@link NetHooks}). */
  static HookDelegate delegate() {
    return delegate;
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

  /**
   * Called on entry of {@code java.lang.Shutdown.exit(status)} ({@code exit} true: {@code
   * System.exit}, a signal) and {@code Shutdown.shutdown()} (false: the JVM's own thread, after the
   * last non-daemon thread ended): the thread that runs the shutdown hooks, before it takes the
   * JDK's shutdown lock.
   */
  public static void onShutdown(boolean exit, int status) {
    HookDelegate d = delegate;
    if (d != null) {
      d.onShutdown(exit, status);
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
}
