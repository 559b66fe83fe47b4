package ttd.runtime;

/**
 * The real methods behind {@link NativeIoHooks}, and which of them a call the program makes
 * through its own types reaches: {@code length()} through a program's interface or on a subclass
 * of {@code RandomAccessFile} runs the JDK's native only where no class on the way up declares it
 * again, and only then does the hook stand in for the call.
 */
public interface RealNativeIo extends RealCalls {

  /**
   * Whether a call of the instance method numbered {@code number}, resolved from {@code type} (the
   * receiver's class for a virtual call, the class named for a {@code super} call), runs that JDK
   * method itself: {@code type} is its class or a subclass, and none on the way up declares a
   * method of its name and parameters again.
   */
  boolean resolvesToJdkMethod(int number, Class<?> type);
}
