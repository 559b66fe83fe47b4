package ttd.runtime;

import java.io.FileInputStream;
import java.io.IOException;
import java.lang.ref.Reference;
import java.util.List;
import java.util.Map;

/**
 * What a recording or replaying agent does at each interception point.
 *
 * <p>It lives on the bootstrap class path beside {@link Hooks} so that the agent's own class
 * loader, which the application cannot see, can implement it. Every method takes the value the
 * real call produced and returns the value the program sees: a recorder logs and returns it, a
 * replayer returns the logged one. Only {@code java.*} types may appear here.
 */
public interface HookDelegate {

  long onSystemCurrentTimeMillis(long original, int site);

  long onSystemNanoTime(long original, int site);

  long onVmNanoTimeAdjustment(long original, int site);

  int onRuntimeAvailableProcessors(int original, int site);

  long onRuntimeMemory(long original, int site);

  /** A figure of the JVM's management natives: uptime, CPU time, collections, memory usage... */
  long onManagementValue(long original, int site);

  String onInetAddressHostName(String original, int site);

  List<String> onVmArguments(List<String> original, int site);

  /**
   * The result of a captured JDK method that a codec writes to the log and rebuilds from it: which
   * method and codec, {@code capture}, is the agent's number for the capture table's row.
   */
  Object onValue(Object original, int site, int capture);

  /**
   * A call of a captured JDK method that a value replaces ({@code capture} as for {@link #onValue}):
   * {@code real} makes it, with the call site's {@code args}, where a call is to be made.
   */
  Object onValueCall(RealCalls real, Object[] args, int site, int capture) throws Exception;

  void onThreadSleep(long millis, int nanos) throws InterruptedException;

  void onObjectWait(Object monitor, long millis, int nanos) throws InterruptedException;

  /**
   * {@code wait()}, which waits as {@code wait(0)} does, told apart so that an interrupted wait's
   * exception has the frames of the overload the program called.
   */
  void onObjectWait(Object monitor) throws InterruptedException;

  /**
   * A call of a {@code SecureRandom} engine method ({@link RealSecureRandom} names them); returns
   * what the call returns (the seed of {@code engineGenerateSeed}, else null).
   */
  byte[] onSecureRandom(
      RealSecureRandom real, int op, java.security.SecureRandomSpi spi, byte[] bytes, int count,
      java.security.SecureRandomParameters params);

  /** A process handle's pid as the program reads it; {@code handle} is the handle asked. */
  long onProcessHandlePid(long original, Object handle);

  /** The id the JDK gives a new thread, as the program sees it. */
  long onThreadId(long original);

  /**
   * A draw from {@code ThreadLocalRandom}'s shared seed generator in its method number {@code site},
   * for a thread's seed or secondary seed; returns the value the thread gets.
   */
  long onThreadSeedDraw(long original, int site);

  /** A draw from {@code ThreadLocalRandom}'s shared probe generator; returns the value the thread gets. */
  int onThreadProbeDraw(int original);

  /**
   * A {@code WeakReference} (or a subclass: {@code WeakHashMap}'s and {@code ThreadLocal}'s entries)
   * or a {@code PhantomReference} (or a subclass) was constructed to {@code referent}, which is not
   * null.
   */
  void onWeakReferenceCreated(Reference<?> reference, Object referent);

  /**
   * The program called {@code System.gc()}: true when the delegate ran the collection (or chose
   * to leave it out), false to let the call run as it would.
   */
  boolean onExplicitGc();

  /**
   * Native library {@code name} is about to be opened ({@code builtin}: linked into the launcher;
   * {@code caller}: the class that asked, null for a library lookup); may throw {@code
   * UnsatisfiedLinkError} where the library must not be opened.
   */
  void onNativeLibraryOpen(String name, boolean builtin, Class<?> caller);

  /** A socket channel begins a read or write that may block or not ({@code blocking}), or ends one ({@code true}). */
  void onChannelIo(boolean blocking);

  /**
   * The JVM is about to notify the listeners of collector {@code name}'s bean ({@code
   * GarbageCollectorExtImpl.createGCNotification}, {@code info} a {@code GcInfo}); returns whether
   * ttd takes the notification over, in which case the JVM's call returns at once.
   */
  boolean onGcNotification(long timestamp, String name, String action, String cause, Object info);

  /** A listener is being added to a garbage collector's bean. */
  void onGcListenerAdded(Object bean);

  /** Another process's start time or parent pid, from the process table, at call site {@code site}. */
  long onProcessTableValue(long original, int site);

  /** A {@code ProcessHandle.Info} as the JDK filled it; returns it as the program sees it. */
  Object onProcessHandleInfo(Object original);

  String onSystemGetenv(String original, String name);

  Map<String, String> onSystemGetenvAll(Map<String, String> original);

  long onFileSystemQuery(RealFileSystem real, Object fs, java.io.File f, int arg, int op);

  String[] onFileSystemList(RealFileSystem real, Object fs, java.io.File f);

  String onFileSystemCanonicalize(RealFileSystem real, Object fs, String path) throws IOException;

  /**
   * A {@code FileOutputStream} native call: an open when {@code path} is not null, else a write of
   * {@code b[off..off+len)} (stdout and stderr are file output streams too).
   */
  void onFileOutput(
      RealFileOutput real, java.io.FileOutputStream out, String path, boolean append, byte[] b, int off, int len)
      throws IOException;

  void onThreadStart(Thread thread);

  void onThreadRun(Thread thread);

  void onThreadUncaughtException(Thread thread, Throwable error);

  void onThreadExit(Thread thread);

  void onRuntimeExit(int status);

  void onRuntimeHalt(int status);

  /** The JVM's own handler of SIGINT, SIGTERM or SIGHUP ({@code java.lang.Terminator}) is about to exit. */
  void onSignal(int number);

  /**
   * The program hands the system class loader the jar {@code name} through {@code Instrumentation}:
   * true if the delegate appended it itself and the JVM's own append must not run.
   */
  boolean onSystemClassPathAppend(String name);

  /** Another process attached to the JVM and had it load the Java agent {@code agentClass} (see {@link Hooks#onAgentAttached}). */
  void onAgentAttached(String agentClass, String options);

  /** An agent's {@code Instrumentation} was made, with the JDK's warning or not (see {@link Hooks#onAgentInstrumentationMade}). */
  void onAgentInstrumentationMade(boolean warned);

  /** The JVM's shutdown sequence begins on the calling thread (see {@link Hooks#onShutdown}). */
  void onShutdown(boolean exit, int status);

  void onMainArgs(String[] args);

  /** A {@code FileInputStream} native call: {@code op} names it, as {@link FileInputOp} does. */
  long onFileInput(RealFileInput real, int op, FileInputStream in, Object arg, byte[] b, int off, int len)
      throws IOException;

  // The serializing scheduler (see Hooks): one recorded thread runs at a time.

  /** The baton holder's ticks reached its {@link BatonClock#switchAt} (counted by {@link Hooks#onTick()}). */
  void onTick();

  /**
   * A {@code monitorenter} the fast path of {@link Hooks#onMonitorEnter} could not take: its tick
   * (already counted) reached {@code switchAt}, or another thread may hold the monitor.
   */
  void onMonitorEnter(Object monitor);

  void onObjectNotify(Object monitor, boolean all);

  /** A park of the calling thread ({@code real} parks for real, for threads not scheduled). */
  void onThreadPark(RealPark real, Object unsafe, boolean absolute, long time);

  /** An unpark; the real one always follows, through {@code real}. */
  void onThreadUnpark(RealPark real, Object unsafe, Object thread);

  void onThreadJoin(Thread thread, long millis, int nanos) throws InterruptedException;

  void onThreadYield();

  void onThreadInterrupt(Thread thread);

  /**
   * The JVM's list of live threads as the program sees it: without the scheduled threads that
   * ended in the scheduler's model (see {@link ScheduleHooks#onThreadList}).
   */
  Thread[] onThreadList(Thread[] all);

  /** {@code thread.isAlive()} as the program sees it: a scheduled thread from the scheduler's model. */
  boolean onThreadIsAlive(Thread thread);

  /**
   * {@code thread.isInterrupted()} as the program sees it: a scheduled thread waiting for the
   * baton keeps an interrupt it was sent, whatever its real wait did with it.
   */
  boolean onThreadIsInterrupted(Thread thread);

  /** {@code thread.getState()} as the program sees it: a scheduled thread from the scheduler's model. */
  Thread.State onThreadGetState(Thread thread);

  void onVirtualThreadStart(Object thread);

  /**
   * The JDK is about to define a class it spins for its own code ({@link Hooks#onClassDefining}):
   * the calling thread's identity hashes come from a state seeded with {@code seed} until {@link
   * #onClassDefined}, which puts the thread's own state back.
   */
  void onClassDefining(int seed);

  /** A class definition through a {@code Lookup} or by name came back (see {@link #onClassDefining}). */
  void onClassDefined();

  /**
   * A built-in class loader begins to load a class by name ({@link Hooks#onClassLoading}): the
   * calling thread's identity hashes come from a state seeded with {@code seed} until the matching
   * {@link #onClassLoaded}, which puts the thread's own state back (loads nest).
   */
  void onClassLoading(int seed);

  /** A load that {@link #onClassLoading} began came back or threw. */
  void onClassLoaded();

  /**
   * The JDK begins to make or compile a lambda form ({@link Hooks#onLambdaFormMaking}): on a
   * program thread, what runs until the matching {@link #onLambdaFormMade} is agent work, on an
   * identity-hash state of its own, and the thread's own state comes back after it (they nest).
   */
  void onLambdaFormMaking();

  /** Work that {@link #onLambdaFormMaking} began came back or threw. */
  void onLambdaFormMade();

  /**
   * A Java agent's transformers are called for a class ({@link Hooks#onAgentTransforming}):
   * {@code instrumentation} is the agent's {@code InstrumentationImpl}, {@code loader} and {@code
   * redefined} the class's. Where that is the first load of a JDK class on a program thread and
   * the agent is not ttd, what runs until the matching {@link #onAgentTransformed} counts no ticks
   * and takes no modelled monitor, on an identity-hash state of its own (they nest).
   */
  void onAgentTransforming(Object instrumentation, ClassLoader loader, Class<?> redefined);

  /** The transformers that {@link #onAgentTransforming} called came back or threw. */
  void onAgentTransformed();
  // The file system and file channels below java.nio and java.io.File's changes (NativeIoHooks).

  /**
   * A call of a JDK file-system or file-channel method ({@code op}, see {@link NativeIoOp}) with
   * its arguments, the receiver first for an instance method; returns its boxed result.
   */
  Object onNativeIo(RealCalls real, int op, Object[] args) throws Exception;
  // ---- Network (issue 3, network half)

  /**
   * A network native other than a read or write ({@link NetOp} names it; {@code args} are the
   * native's own arguments): returns its result boxed, or null for a void native.
   */
  Object onNet(RealNet real, int op, Object[] args) throws IOException;

  /** A socket read or write ({@link NetOp#READ} .. {@link NetOp#WRITEV}) on native memory. */
  long onSocket(RealNet real, int op, java.io.FileDescriptor fd, long address, int len)
      throws IOException;

  /** A throwable's stack trace, built when first read: the frames the program sees. */
  StackTraceElement[] onStackTrace(StackTraceElement[] elements);

  /**
   * A {@code Lookup} made a method handle of {@code member} (a {@code MemberName}, which is a
   * {@link java.lang.reflect.Member}): the handle the program gets ({@link Hooks#onDirectMethod}).
   */
  java.lang.invoke.MethodHandle onDirectMethod(java.lang.invoke.MethodHandle handle, Object member);

  /**
   * The lambda metafactory is to bind {@code implementation} for {@code caller}: the handle it
   * binds ({@link Hooks#onLambdaImplementation}).
   */
  java.lang.invoke.MethodHandle onLambdaImplementation(
      java.lang.invoke.MethodHandles.Lookup caller, java.lang.invoke.MethodHandle implementation);

  /**
   * A serializable lambda's implementation, {@code {kind, class, name, signature}}, is written into its
   * serialized form: rewritten in place to the program's own ({@link Hooks#onSerializedLambda}).
   */
  void onSerializedLambda(Object[] implementation);

  /**
   * The reflection factory made {@code accessor} (a {@code jdk.internal.reflect.MethodAccessor})
   * for {@code method}: the accessor its {@code invoke} uses ({@link Hooks#onMethodAccessor}).
   */
  Object onMethodAccessor(Object accessor, java.lang.reflect.Method method);
}
