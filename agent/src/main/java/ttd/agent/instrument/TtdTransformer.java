package ttd.agent.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.zip.CRC32C;
import ttd.agent.identity.HashState;

/**
 * The agent's one {@link ClassFileTransformer}: instruments every class as it loads (or is
 * retransformed) and reports the program's own classes with a checksum of their bytes.
 *
 * <p>It runs on the program's threads, so it saves and restores the thread's identity-hash state
 * around its work (ASM hashes objects), and it never throws: a class it cannot instrument loads
 * unchanged and the failure is reported once. Once the agent's own start is over, a class the
 * program loads for the first time is taken from the {@link ClassPack} of an earlier run where it
 * can be, and a class the start retransforms from the start's pack ({@link #retransformFrom}).
 */
public final class TtdTransformer implements ClassFileTransformer {

  /** Told about each class of the program as it first loads. */
  public interface Listener {
    void classLoaded(String name, int checksum);

    void instrumentationFailed(String className, Throwable error);

    /** Marks the calling thread as running agent code; returns the previous mark. */
    boolean enterAgent();

    void leaveAgent(boolean previous);
  }

  private final ClassFileInstrumenter instrumenter;
  private final ClassLoader agentLoader;
  private final Listener listener;
  private volatile ClassPack pack;
  /** The start's pack, kept to be saved. */
  private volatile ClassPack startPack;
  /** Whether retransformed classes come from {@link #startPack} now. */
  private volatile boolean starting;

  public TtdTransformer(ClassFileInstrumenter instrumenter, ClassLoader agentLoader, Listener listener) {
    this.instrumenter = instrumenter;
    this.agentLoader = agentLoader;
    this.listener = listener;
  }

  /**
   * From now on, takes first-loading classes from {@code pack} and keeps new rewrites in it; call
   * sites registered from now on take ids of the program's range ({@link CallSites}).
   */
  public void usePack(ClassPack pack) {
    CallSites.programRange(pack.lastSite());
    this.pack = pack;
  }

  /** The retransformation of the start, {@code Instrumentation::retransformClasses} for the classes it takes. */
  public interface Retransformation {
    void run() throws Exception;
  }

  /**
   * Runs the start's {@code retransformation}, taking the classes it retransforms from {@code
   * startPack} where it can and keeping their fresh rewrites in it.
   */
  public void retransformFrom(ClassPack startPack, Retransformation retransformation) throws Exception {
    this.startPack = startPack;
    starting = true;
    try {
      retransformation.run();
    } finally {
      starting = false;
    }
  }

  /** Writes the packs in use, if any, as agent work on the calling thread (see {@link ClassPack#save}). */
  public void savePack() {
    ClassPack p = pack;
    ClassPack s = startPack;
    if (p == null && s == null) {
      return;
    }
    boolean previous = listener.enterAgent();
    int[] hash = HashState.available() ? HashState.read() : null;
    try {
      if (s != null) {
        s.save();
      }
      if (p != null) {
        p.save();
      }
    } finally {
      if (hash != null) {
        HashState.write(hash);
      }
      listener.leaveAgent(previous);
    }
  }

  /** JDK classes (and their kin) that an application loader may still define, never scheduled. */
  private static boolean isJdkName(String internalName) {
    return internalName.startsWith("java/") || internalName.startsWith("jdk/")
        || internalName.startsWith("sun/") || internalName.startsWith("com/sun/")
        || internalName.startsWith("javax/");
  }

  /**
   * Classes the JDK makes for itself in a loader of its own (reflection accessors, {@code
   * jdk.internal.reflect.GeneratedConstructorAccessorN}): not the program's, so they are not
   * listed for a divergence report to name as changed.
   */
  private static boolean isJdkInternal(String internalName) {
    return internalName.startsWith("jdk/internal/");
  }

  @Override
  public byte[] transform(
      Module module,
      ClassLoader loader,
      String className,
      Class<?> redefined,
      ProtectionDomain domain,
      byte[] bytes) {
    if (className == null || loader == agentLoader) {
      return null;
    }
    boolean previous = listener.enterAgent();
    int[] hash = HashState.available() ? HashState.read() : null;
    try {
      if (redefined == null && loader != null && loader != ClassLoader.getPlatformClassLoader()
          && !isJdkInternal(className)) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        listener.classLoaded(className.replace('/', '.'), (int) crc.getValue());
      }
      boolean appClass =
          loader != null && loader != ClassLoader.getPlatformClassLoader() && !isJdkName(className);
      ClassPack p = redefined == null ? pack : starting ? startPack : null;
      // a class the agent's own code loads loads when that code runs, which differs between runs
      // with a pack and without: kept, it would make the next run write the pack again
      if (p == null || previous && redefined == null || !instrumenter.packable(className)) {
        return instrumenter.instrument(className, bytes, appClass, redefined == null, loader);
      }
      ClassPack.Hit hit = p.lookup(className, appClass, bytes, loader);
      if (hit != null) {
        return hit.bytes();
      }
      ClassEffects effects = new ClassEffects();
      byte[] rewritten = instrumenter.instrument(className, bytes, appClass, redefined == null, loader, effects);
      p.add(className, appClass, bytes, effects, rewritten);
      return rewritten;
    } catch (Throwable t) {
      listener.instrumentationFailed(className, t);
      return null;
    } finally {
      if (hash != null) {
        HashState.write(hash);
      }
      listener.leaveAgent(previous);
    }
  }
}
