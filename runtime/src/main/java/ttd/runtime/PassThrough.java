package ttd.runtime;

import java.io.FileInputStream;
import java.io.IOException;
import java.lang.ref.Reference;
import java.util.List;
import java.util.Map;

/**
 * The delegate every hook forwards to until the agent installs its own (and again after {@code
 * Hooks.install(null)}): each method does what the program's own call would have done, so the
 * façades forward without checking for a delegate (Fray installs a pass-through delegate too).
 */
final class PassThrough implements HookDelegate {

  static final PassThrough INSTANCE = new PassThrough();

  private PassThrough() {}

  @Override
  public long onSystemCurrentTimeMillis(long original, int site) {
    return original;
  }

  @Override
  public long onSystemNanoTime(long original, int site) {
    return original;
  }

  @Override
  public long onVmNanoTimeAdjustment(long original, int site) {
    return original;
  }

  @Override
  public int onRuntimeAvailableProcessors(int original, int site) {
    return original;
  }

  @Override
  public long onRuntimeMemory(long original, int site) {
    return original;
  }

  @Override
  public long onManagementValue(long original, int site) {
    return original;
  }

  @Override
  public String onInetAddressHostName(String original, int site) {
    return original;
  }

  @Override
  public Object onValue(Object original, int site, int capture) {
    return original;
  }

  @Override
  public Object onValueCall(RealCalls real, Object[] args, int site, int capture) throws Exception {
    return real.call(capture, args);
  }

  @Override
  public List<String> onVmArguments(List<String> original, int site) {
    return original;
  }

  @Override
  public void onThreadSleep(long millis, int nanos) throws InterruptedException {
    if (nanos == 0) {
      Thread.sleep(millis);
    } else {
      Thread.sleep(millis, nanos);
    }
  }

  @Override
  public void onObjectWait(Object monitor) throws InterruptedException {
    monitor.wait();
  }

  @Override
  public void onObjectWait(Object monitor, long millis, int nanos) throws InterruptedException {
    if (nanos == 0) {
      monitor.wait(millis);
    } else {
      monitor.wait(millis, nanos);
    }
  }

  @Override
  public byte[] onSecureRandom(
      RealSecureRandom real, int op, java.security.SecureRandomSpi spi, byte[] bytes, int count,
      java.security.SecureRandomParameters params) {
    return real.call(op, spi, bytes, count, params);
  }

  @Override
  public long onProcessHandlePid(long original, Object handle) {
    return original;
  }

  @Override
  public long onThreadId(long original) {
    return original;
  }

  @Override
  public long onThreadSeedDraw(long original, int site) {
    return original;
  }

  @Override
  public int onThreadProbeDraw(int original) {
    return original;
  }

  @Override
  public void onWeakReferenceCreated(Reference<?> reference, Object referent) {}

  @Override
  public boolean onExplicitGc() {
    return false;
  }

  @Override
  public boolean onGcNotification(
      long timestamp, String name, String action, String cause, Object info) {
    return false;
  }

  @Override
  public void onGcListenerAdded(Object bean) {}

  @Override
  public void onNativeLibraryOpen(String name, boolean builtin, Class<?> caller) {}

  @Override
  public void onChannelIo(boolean blocking) {}

  @Override
  public long onProcessTableValue(long original, int site) {
    return original;
  }

  @Override
  public Object onProcessHandleInfo(Object original) {
    return original;
  }

  @Override
  public String onSystemGetenv(String original, String name) {
    return original;
  }

  @Override
  public Map<String, String> onSystemGetenvAll(Map<String, String> original) {
    return original;
  }

  @Override
  public long onFileSystemQuery(RealFileSystem real, Object fs, java.io.File f, int arg, int op) {
    return real.query(fs, f, arg, op);
  }

  @Override
  public String[] onFileSystemList(RealFileSystem real, Object fs, java.io.File f) {
    return real.list(fs, f);
  }

  @Override
  public String onFileSystemCanonicalize(RealFileSystem real, Object fs, String path) throws IOException {
    return real.canonicalize(fs, path);
  }

  @Override
  public void onFileOutput(
      RealFileOutput real, java.io.FileOutputStream out, String path, boolean append, byte[] b, int off, int len)
      throws IOException {
    if (path != null) {
      real.open0(out, path, append);
    } else {
      real.writeBytes(out, b, off, len, append);
    }
  }

  @Override
  public void onThreadStart(Thread thread) {}

  @Override
  public void onThreadRun(Thread thread) {}

  @Override
  public void onThreadUncaughtException(Thread thread, Throwable error) {}

  @Override
  public void onThreadExit(Thread thread) {}

  @Override
  public void onRuntimeExit(int status) {}

  @Override
  public void onRuntimeHalt(int status) {}

  @Override
  public void onSignal(int number) {}

  @Override
  public void onAgentAttached(String agentClass, String options) {}

  @Override
  public void onAgentInstrumentationMade(boolean warned) {}

  @Override
  public boolean onSystemClassPathAppend(String name) {
    return false;
  }

  @Override
  public void onShutdown(boolean exit, int status) {}

  @Override
  public void onMainArgs(String[] args) {}

  @Override
  public long onFileInput(RealFileInput real, int op, FileInputStream in, Object arg, byte[] b, int off, int len)
      throws IOException {
    return FileInputOp.real(real, op, in, arg, b, off, len);
  }

  @Override
  public void onTick() {}

  @Override
  public void onMonitorEnter(Object monitor) {}

  @Override
  public void onObjectNotify(Object monitor, boolean all) {
    if (all) {
      monitor.notifyAll();
    } else {
      monitor.notify();
    }
  }

  @Override
  public void onThreadPark(RealPark real, Object unsafe, boolean absolute, long time) {
    real.park(unsafe, absolute, time);
  }

  @Override
  public void onThreadUnpark(RealPark real, Object unsafe, Object thread) {
    real.unpark(unsafe, thread);
  }

  @Override
  public void onThreadJoin(Thread thread, long millis, int nanos) throws InterruptedException {
    thread.join(millis, nanos);
  }

  @Override
  public void onThreadYield() {
    Thread.yield();
  }

  @Override
  public void onThreadInterrupt(Thread thread) {}

  @Override
  public Thread[] onThreadList(Thread[] all) {
    return all;
  }

  @Override
  public boolean onThreadIsAlive(Thread thread) {
    return thread.isAlive();
  }

  @Override
  public boolean onThreadIsInterrupted(Thread thread) {
    return thread.isInterrupted();
  }

  @Override
  public Thread.State onThreadGetState(Thread thread) {
    return thread.getState();
  }

  @Override
  public void onVirtualThreadStart(Object thread) {}

  @Override
  public void onClassDefining(int seed) {}

  @Override
  public void onClassLoading(int seed) {}

  @Override
  public void onClassLoaded() {}

  @Override
  public void onLambdaFormMaking() {}

  @Override
  public void onLambdaFormMade() {}

  @Override
  public void onAgentTransforming(Object instrumentation, ClassLoader loader, Class<?> redefined) {}

  @Override
  public void onAgentTransformed() {}

  @Override
  public void onClassDefined() {}

  @Override
  public Object onNativeIo(RealCalls real, int op, Object[] args) throws Exception {
    return real.call(op, args);
  }

  @Override
  public Object onNet(RealNet real, int op, Object[] args) throws IOException {
    return real.call(op, args);
  }

  @Override
  public long onSocket(RealNet real, int op, java.io.FileDescriptor fd, long address, int len) throws IOException {
    return real.transfer(op, fd, address, len);
  }

  @Override
  public StackTraceElement[] onStackTrace(StackTraceElement[] elements) {
    return elements;
  }

  @Override
  public java.lang.invoke.MethodHandle onDirectMethod(java.lang.invoke.MethodHandle handle, Object member) {
    return handle;
  }

  @Override
  public java.lang.invoke.MethodHandle onLambdaImplementation(
      java.lang.invoke.MethodHandles.Lookup caller, java.lang.invoke.MethodHandle implementation) {
    return implementation;
  }

  @Override
  public void onSerializedLambda(Object[] implementation) {}

  @Override
  public Object onMethodAccessor(Object accessor, java.lang.reflect.Method method) {
    return accessor;
  }
}
