package ttd.log;

/**
 * The names of the members ttd adds to the program's classes, which the recording's readers (the
 * debugger's frames, the program's stack traces) leave out as ttd's own: one place for the agent
 * that adds them and the tools that hide them.
 */
public final class AddedMembers {

  /** The start of the name of every bridge a program class calls a native I/O hook through. */
  public static final String NATIVE_IO_BRIDGE = "ttd$io$";

  private AddedMembers() {}

  /** Whether a method named {@code method} is one of those bridges. */
  public static boolean isNativeIoBridge(String method) {
    return method.startsWith(NATIVE_IO_BRIDGE);
  }
}
