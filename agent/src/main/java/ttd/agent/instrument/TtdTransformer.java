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
 * unchanged and the failure is reported once.
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

  public TtdTransformer(ClassFileInstrumenter instrumenter, ClassLoader agentLoader, Listener listener) {
    this.instrumenter = instrumenter;
    this.agentLoader = agentLoader;
    this.listener = listener;
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
      return instrumenter.instrument(className, bytes, appClass, redefined == null, loader);
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
