package ttd.agent.session;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.ref.Reference;
import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import ttd.agent.instrument.ReflectiveCalls;
import ttd.agent.value.AppendedJars;
import ttd.agent.value.CallOutcome;
import ttd.agent.value.ThreadInfos;
import ttd.agent.value.ThreadStacks;
import ttd.agent.value.ValueCapture;
import ttd.agent.value.ValueCodec;
import ttd.log.EventKind;
import ttd.runtime.HookDelegate;
import ttd.runtime.RealFileInput;
import ttd.runtime.RealFileOutput;
import ttd.runtime.RealFileSystem;
import ttd.runtime.RealCalls;
import ttd.runtime.RealNet;
import ttd.runtime.RealPark;
import ttd.runtime.RealSecureRandom;
import ttd.runtime.ReplayPosition;

/**
 * The one façade the bootstrap hooks call ({@link HookDelegate}): a final class made of parts side
 * by side, written once for record and replay alike (rr's {@code Session}).
 *
 * <p>A hook on a thread the program did not start (JDK-internal threads, ttd's own), or on a thread
 * already inside agent code, passes the original value through ({@link ProgramRun#enter}).
 * Otherwise it exchanges the original value for the one the program sees through the {@link
 * Exchange} it is given: the recording's logs the value and returns it, the replay's checks the
 * log's next event and returns the logged value. The value hooks (clock, figures, environment,
 * exit) and the results a codec carries are here; the others are forwarded to the parts, none of which knows the session or
 * another part's caller: {@link Threads}, {@link Schedule}, {@link Files}, {@link Network}, {@link
 * Waits}, {@link GcNotifications}.
 */
public final class Session implements HookDelegate {

  private final ProgramRun run;
  private final Exchange exchange;
  private final Lifecycle mode;
  private final Threads threads;
  private final Schedule schedule;
  private final Files files;
  private final Network network;
  private final Waits waits;
  private final GcNotifications gcNotifications;
  private final RandomEngines randomEngines = new RandomEngines();
  private final ProgramEnvironment environment = new ProgramEnvironment();
  private final List<ValueCapture> values;

  /**
   * @param run the run's shared state, whose scheduler {@code mode} has made
   * @param exchange what record or replay does with each value
   * @param mode how record or replay begins and ends threads and the run
   * @param values the captured results {@code onValue} carries, by the number its call sites pass
   */
  public Session(ProgramRun run, Exchange exchange, Lifecycle mode, List<ValueCapture> values) {
    this.run = run;
    this.values = values;
    this.exchange = exchange;
    this.mode = mode;
    this.threads = new Threads(run, exchange, mode);
    this.schedule = new Schedule(run, exchange, mode);
    this.files = new Files(run, exchange);
    this.network = new Network(run, exchange, files::pipeOpened);
    this.waits = new Waits(run, exchange);
    this.gcNotifications = new GcNotifications(run, exchange);
    BlockedFrames.learn();
    ThreadStacks.seeThrough(ProgramStacks.IN_DUMPS);
    ThreadInfos.seeThrough(run.scheduler() == null ? null : run.scheduler().waits());
  }

  /** Registers the thread that runs premain (and then main) as ordinal 0. */
  public void adoptMainThread() {
    threads.adoptMainThread();
  }

  /** Makes the program's own native libraries fail to load, in record and replay alike ({@code refusenative}). */
  public void refuseNativeLibraries() {
    files.refuseNativeLibraries();
  }

  /** Records the program's child processes with rr from now on. */
  public void recordNativeChildren(NativeChildRecorder recorder) {
    files.recordNativeChildren(recorder);
  }

  /** Marks the calling thread as running agent code (hooks pass through); returns the old mark. */
  public boolean enterAgent() {
    return run.enterAgent();
  }

  public void leaveAgent(boolean previous) {
    run.leaveAgent(previous);
  }

  @Override
  public long onSystemCurrentTimeMillis(long original, int site) {
    ThreadState t = run.enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchange.exchangeLong(t, EventKind.CLOCK_MILLIS, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public long onSystemNanoTime(long original, int site) {
    ThreadState t = run.enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchange.exchangeLong(t, EventKind.CLOCK_NANOS, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public long onVmNanoTimeAdjustment(long original, int site) {
    ThreadState t = run.enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchange.exchangeLong(t, EventKind.CLOCK_ADJUSTMENT, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public int onRuntimeAvailableProcessors(int original, int site) {
    ThreadState t = run.enterFast();
    if (t == null) {
      return original;
    }
    try {
      return (int) exchange.exchangeLong(t, EventKind.PROCESSORS, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public long onRuntimeMemory(long original, int site) {
    return exchangeFigure(EventKind.MEMORY, original, site);
  }

  @Override
  public long onManagementValue(long original, int site) {
    return exchangeFigure(EventKind.MANAGEMENT, original, site);
  }

  private long exchangeFigure(EventKind kind, long original, int site) {
    ThreadState t = run.enterFast();
    if (t == null) {
      return original;
    }
    try {
      return exchange.exchangeLong(t, kind, site, original);
    } finally {
      t.busy = false;
    }
  }

  @Override
  public String onInetAddressHostName(String original, int site) {
    ThreadState t = run.enter();
    if (t == null) {
      return original;
    }
    try {
      return exchange.exchangeString(t, EventKind.HOST_NAME, site, original);
    } finally {
      run.exit(t);
    }
  }

  /**
   * A result whose codec the capture table names, logged under the method's name: the recording
   * logs the codec's text and returns the real value; the replay returns the value the text stands
   * for, and reports a divergence if the codec's shape of its own value differs.
   */
  @Override
  @SuppressWarnings("unchecked")
  public Object onValue(Object original, int site, int capture) {
    ThreadState t = run.enter();
    if (t == null) {
      return original;
    }
    try {
      ValueCapture c = values.get(capture);
      ValueCodec<Object> codec = (ValueCodec<Object>) c.codec();
      if (original != null) {
        codec.touch(original);
        run.keepHashes(t); // what the JDK's call would have hashed, in record and replay alike
      }
      if (exchange.performsRealIo()) {
        Object seen = codec.seen(original);
        exchange.exchangePair(t, EventKind.CAPTURED_VALUE, c.method(), seen == null ? null : codec.encode(seen));
        return seen;
      }
      String text = exchange.exchangePair(t, EventKind.CAPTURED_VALUE, c.method(), null);
      Object recorded = text == null ? null : codec.decode(text);
      String shape = recorded == null ? null : codec.shape(recorded);
      String own = original == null ? null : codec.shape(original);
      if (!Objects.equals(shape, own)) {
        exchange.mismatch(t, c.method() + " with " + shape, c.method() + " with " + own);
      }
      return recorded;
    } finally {
      run.exit(t);
    }
  }
  /**
   * A call that a recorded value replaces: the recording makes it and logs how it ended (its
   * result, or what it threw) under the method's name; the replay makes none. Both give the program
   * what the logged text stands for, and both run the codec both ways ({@link CallOutcome}).
   */
  @Override
  @SuppressWarnings("unchecked")
  public Object onValueCall(RealCalls real, Object[] args, int site, int capture) throws Exception {
    ThreadState t = run.enter();
    if (t == null) {
      return real.call(capture, args);
    }
    try {
      ValueCapture c = values.get(capture);
      ValueCodec<Object> codec = (ValueCodec<Object>) c.codec();
      String made = null;
      if (exchange.performsRealIo()) {
        try {
          made = CallOutcome.returned(real.call(capture, args), codec);
        } catch (Exception e) {
          made = CallOutcome.threw(e);
        }
      }
      String text = exchange.exchangePair(t, EventKind.CAPTURED_VALUE, c.method(), made);
      return exchange.performsRealIo() ? CallOutcome.result(text, codec) : CallOutcome.replayed(text, codec);
    } finally {
      run.exit(t);
    }
  }


  /**
   * The JVM's input arguments: a replay runs with flags of its own (its agent options, the
   * launcher's determinism flags), and programs read the list (Tomcat looks for an option in it).
   */
  @Override
  public List<String> onVmArguments(List<String> original, int site) {
    ThreadState t = run.enter();
    if (t == null || original == null) {
      return original;
    }
    try {
      String joined = exchange.exchangeString(t, EventKind.VM_ARGUMENTS, site, String.join("\0", original));
      return joined.isEmpty() ? List.of() : List.of(joined.split("\0", -1));
    } finally {
      run.exit(t);
    }
  }

  @Override
  public byte[] onSecureRandom(
      RealSecureRandom real, int op, SecureRandomSpi spi, byte[] bytes, int count, SecureRandomParameters params) {
    ThreadState t = RandomEngines.isJdks(spi) ? run.enter() : null;
    if (t == null) {
      return real.call(op, spi, bytes, count, params);
    }
    try {
      return randomEngines.call(exchange, t, real, op, spi, bytes, count, params);
    } finally {
      run.exit(t);
    }
  }

  @Override
  public String onSystemGetenv(String original, String name) {
    ThreadState t = run.enter();
    if (t == null) {
      return original;
    }
    try {
      return exchange.exchangePair(t, EventKind.ENV_VAR, name, original);
    } finally {
      run.exit(t);
    }
  }

  @Override
  public Map<String, String> onSystemGetenvAll(Map<String, String> original) {
    ThreadState t = run.enter();
    if (t == null) {
      return original;
    }
    try {
      return environment.of(exchange.exchangeEnvAll(t, original));
    } finally {
      run.exit(t);
    }
  }

  @Override
  public void onRuntimeExit(int status) {
    if (ReplayPosition.evaluating) {
      throw EvaluationFence.exit();
    }
    ThreadState t = run.enter();
    if (run.exitStatus == null) {
      run.exitStatus = status;
    }
    if (t == null) {
      return;
    }
    try {
      exchange.exchangeLong(t, EventKind.EXIT, 0, status);
      mode.endThread(t);
    } finally {
      run.exit(t);
    }
  }

  @Override
  public void onRuntimeHalt(int status) {
    if (ReplayPosition.evaluating) {
      throw EvaluationFence.exit();
    }
    ThreadState t = run.enter();
    if (run.exitStatus == null) {
      run.exitStatus = status;
    }
    if (t != null) {
      try {
        exchange.exchangeLong(t, EventKind.EXIT, 0, status);
        mode.halting(t, status);
      } finally {
        t.busy = false;
      }
    }
  }

  /**
   * The JVM's own handler of a signal is about to call {@code Shutdown.exit(128 + number)} (on a
   * thread of its own, not the program's): unless the program already exits, that is how it ends.
   */
  @Override
  public boolean onSystemClassPathAppend(String name) {
    return !exchange.performsRealIo() && AppendedJars.appendToSystemLoader(name);
  }

  @Override
  public void onAgentAttached(String agentClass, String options) {
    mode.agentAttached(agentClass, options);
  }

  @Override
  public void onAgentInstrumentationMade(boolean warned) {
    if (warned) {
      mode.agentWarned();
    }
  }

  @Override
  public void onSignal(int number) {
    if (ReplayPosition.evaluating) {
      throw EvaluationFence.exit();
    }
    synchronized (this) {
      if (run.exitStatus != null) {
        return; // already exiting: the JVM keeps the first status
      }
      run.exitStatus = 128 + number;
      run.exitSignal = number;
    }
    mode.signalled(number);
  }

  @Override
  public void onMainArgs(String[] args) {
    mode.mainArgs(args);
  }

  // threads

  @Override
  public void onClassDefining(int seed) {
    threads.onClassDefining(seed);
  }

  @Override
  public void onClassDefined() {
    threads.onClassDefined();
  }

  @Override
  public void onClassLoading(int seed) {
    threads.onClassLoading(seed);
  }

  @Override
  public void onClassLoaded() {
    threads.onClassLoaded();
  }

  @Override
  public void onLambdaFormMaking() {
    threads.onLambdaFormMaking();
  }

  @Override
  public void onLambdaFormMade() {
    threads.onLambdaFormMade();
  }

  @Override
  public void onAgentTransforming(Object instrumentation, ClassLoader loader, Class<?> redefined) {
    threads.onAgentTransforming(instrumentation, loader, redefined);
  }

  @Override
  public void onAgentTransformed() {
    threads.onAgentTransformed();
  }

  /** ttd's own {@code Instrumentation}, whose transformer does its own bracketing. */
  public static void ownInstrumentation(Object instrumentation) {
    Threads.ownInstrumentation(instrumentation);
  }

  @Override
  public long onThreadId(long original) {
    return threads.onThreadId(original);
  }

  @Override
  public long onThreadSeedDraw(long original, int site) {
    return threads.onThreadSeedDraw(original, site);
  }

  @Override
  public boolean onGcNotification(
      long timestamp, String name, String action, String cause, Object info) {
    return gcNotifications.offered(timestamp, name, action, cause, info);
  }

  @Override
  public void onGcListenerAdded(Object bean) {
    gcNotifications.listenerAdded(bean);
  }

  @Override
  public void onWeakReferenceCreated(Reference<?> reference, Object referent) {
    threads.onWeakReferenceCreated(reference, referent);
  }

  @Override
  public boolean onExplicitGc() {
    return threads.onExplicitGc();
  }

  @Override
  public int onThreadProbeDraw(int original) {
    return threads.onThreadProbeDraw(original);
  }

  @Override
  public void onThreadStart(Thread thread) {
    threads.onThreadStart(thread);
  }

  @Override
  public void onShutdown(boolean byExit, int status) {
    threads.onShutdown(byExit, status);
  }

  @Override
  public void onThreadRun(Thread thread) {
    threads.onThreadRun(thread);
  }

  @Override
  public void onThreadExit(Thread thread) {
    threads.onThreadExit(thread);
  }

  @Override
  public void onThreadUncaughtException(Thread thread, Throwable error) {
    threads.onThreadUncaughtException(thread, error);
  }

  // the scheduler

  @Override
  public void onTick() {
    schedule.onTick();
  }

  @Override
  public void onMonitorEnter(Object monitor) {
    schedule.onMonitorEnter(monitor);
  }

  @Override
  public void onObjectNotify(Object monitor, boolean all) {
    schedule.onObjectNotify(monitor, all);
  }

  @Override
  public void onThreadPark(RealPark real, Object unsafe, boolean absolute, long time) {
    schedule.onThreadPark(real, unsafe, absolute, time);
  }

  @Override
  public void onThreadUnpark(RealPark real, Object unsafe, Object thread) {
    schedule.onThreadUnpark(real, unsafe, thread);
  }

  @Override
  public void onThreadJoin(Thread thread, long millis, int nanos) throws InterruptedException {
    schedule.onThreadJoin(thread, millis, nanos);
  }

  @Override
  public void onThreadYield() {
    schedule.onThreadYield();
  }

  @Override
  public void onThreadInterrupt(Thread thread) {
    schedule.onThreadInterrupt(thread);
  }

  @Override
  public boolean onThreadIsAlive(Thread thread) {
    return schedule.onThreadIsAlive(thread);
  }

  @Override
  public boolean onThreadIsInterrupted(Thread thread) {
    return schedule.onThreadIsInterrupted(thread);
  }

  @Override
  public Thread[] onThreadList(Thread[] all) {
    return schedule.onThreadList(all);
  }

  @Override
  public Thread.State onThreadGetState(Thread thread) {
    return schedule.onThreadGetState(thread);
  }

  @Override
  public void onVirtualThreadStart(Object thread) {
    schedule.onVirtualThreadStart(thread);
  }

  // sleeps and timed waits

  @Override
  public void onThreadSleep(long millis, int nanos) throws InterruptedException {
    waits.onThreadSleep(millis, nanos);
  }

  @Override
  public void onObjectWait(Object monitor, long millis, int nanos) throws InterruptedException {
    waits.onObjectWait(monitor, millis, nanos);
  }

  @Override
  public void onObjectWait(Object monitor) throws InterruptedException {
    waits.onObjectWait(monitor);
  }

  // files and processes

  @Override
  public long onProcessHandlePid(long original, Object handle) {
    return files.onProcessHandlePid(original, handle);
  }

  @Override
  public long onProcessTableValue(long original, int site) {
    return files.onProcessTableValue(original, site);
  }

  @Override
  public Object onProcessHandleInfo(Object original) {
    return files.onProcessHandleInfo(original);
  }

  @Override
  public long onFileInput(
      RealFileInput real, int op, FileInputStream in, Object arg, byte[] b, int off, int len)
      throws IOException {
    return files.onFileInput(real, op, in, arg, b, off, len);
  }

  @Override
  public void onFileOutput(
      RealFileOutput real, FileOutputStream out, String path, boolean append, byte[] b, int off, int len)
      throws IOException {
    files.onFileOutput(real, out, path, append, b, off, len);
  }

  @Override
  public long onFileSystemQuery(RealFileSystem real, Object fs, java.io.File f, int arg, int op) {
    return files.onFileSystemQuery(real, fs, f, arg, op);
  }

  @Override
  public String[] onFileSystemList(RealFileSystem real, Object fs, java.io.File f) {
    return files.onFileSystemList(real, fs, f);
  }

  @Override
  public String onFileSystemCanonicalize(RealFileSystem real, Object fs, String path)
      throws IOException {
    return files.onFileSystemCanonicalize(real, fs, path);
  }

  @Override
  public void onChannelIo(boolean blocking) {
    ThreadState t = run.current();
    if (t != null) {
      t.nonBlockingIo = !blocking;
    }
  }

  @Override
  public void onNativeLibraryOpen(String name, boolean builtin, Class<?> caller) {
    files.onNativeLibraryOpen(name, builtin, caller);
  }

  @Override
  public Object onNativeIo(RealCalls real, int op, Object[] args) throws Exception {
    return files.onNativeIo(real, op, args);
  }

  // the network

  @Override
  public Object onNet(RealNet real, int op, Object[] args) throws IOException {
    return network.onNet(real, op, args);
  }

  @Override
  public long onSocket(RealNet real, int op, java.io.FileDescriptor fd, long address, int len)
      throws IOException {
    return network.onSocket(real, op, fd, address, len);
  }

  @Override
  public StackTraceElement[] onStackTrace(StackTraceElement[] elements) {
    return ProgramStacks.seen(elements);
  }

  @Override
  public java.lang.invoke.MethodHandle onDirectMethod(java.lang.invoke.MethodHandle handle, Object member) {
    java.lang.reflect.Member m = (java.lang.reflect.Member) member;
    if (!ReflectiveCalls.mayBeCaptured(m.getName())) {
      return handle;
    }
    ThreadState t = run.enter();
    try {
      return ReflectiveCalls.handle(handle, m);
    } finally {
      if (t != null) {
        run.exit(t);
      }
    }
  }

  @Override
  public java.lang.invoke.MethodHandle onLambdaImplementation(
      java.lang.invoke.MethodHandles.Lookup caller, java.lang.invoke.MethodHandle implementation) {
    ThreadState t = run.enter();
    try {
      return ReflectiveCalls.lambdaImplementation(caller, implementation);
    } finally {
      if (t != null) {
        run.exit(t);
      }
    }
  }

  @Override
  public void onSerializedLambda(Object[] implementation) {
    ThreadState t = run.enter();
    try {
      ReflectiveCalls.serializedImplementation(implementation);
    } finally {
      if (t != null) {
        run.exit(t);
      }
    }
  }

  @Override
  public Object onMethodAccessor(Object accessor, java.lang.reflect.Method method) {
    if (!ReflectiveCalls.mayBeCaptured(method.getName())) {
      return accessor;
    }
    ThreadState t = run.enter();
    try {
      return ReflectiveCalls.accessor(accessor, method);
    } finally {
      if (t != null) {
        run.exit(t);
      }
    }
  }
}
