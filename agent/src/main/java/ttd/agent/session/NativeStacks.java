package ttd.agent.session;

/**
 * The stack trace of a network native's exception as the program sees it: the native's own frame,
 * then the frames from the JDK code that called it, in record and replay alike.
 *
 * <p>A recorded failure passes up through ttd's frames (the method handle that ran the native, the
 * session, the hook), and a replayed one is built by reflection inside them. Printed, both showed
 * ttd, and they differed: a program that prints a refused connect's stack trace diverged there.
 * The native's frame is rebuilt from its module, class and method, so it prints as the JVM prints
 * a JDK frame and is the same object in both runs.
 */
final class NativeStacks {

  private static final String HOOKS = "ttd.runtime.NetHooks";

  private NativeStacks() {}

  /** Record: {@code module/class.method} of the native that threw {@code e}, or null. */
  static String nativeFrame(Throwable e) {
    StackTraceElement[] st = e.getStackTrace();
    if (st.length == 0 || !st[0].isNativeMethod() || st[0].getClassName().startsWith("ttd.")) {
      return null;
    }
    String module = st[0].getModuleName();
    return (module == null ? "" : module) + "/" + st[0].getClassName() + "." + st[0].getMethodName();
  }

  /**
   * Gives {@code e}, thrown (or rebuilt) below a network hook, the native's frame (if {@code
   * nativeFrame} names one) followed by the frames of the hook's caller; an exception that did not
   * pass a hook is left as it is.
   */
  static <E extends Throwable> E asThrownBy(E e, String nativeFrame) {
    StackTraceElement[] st = e.getStackTrace();
    int caller = -1;
    for (int i = st.length - 1; i >= 0 && caller < 0; i--) {
      if (st[i].getClassName().equals(HOOKS)) {
        caller = i + 1;
      }
    }
    if (caller < 0) {
      return e;
    }
    int top = nativeFrame == null ? 0 : 1;
    StackTraceElement[] seen = new StackTraceElement[top + st.length - caller];
    if (nativeFrame != null) {
      int slash = nativeFrame.indexOf('/');
      int dot = nativeFrame.lastIndexOf('.');
      String module = slash > 0 ? nativeFrame.substring(0, slash) : null;
      seen[0] = new StackTraceElement(null, module, null, nativeFrame.substring(slash + 1, dot),
          nativeFrame.substring(dot + 1), null, -2);
    }
    System.arraycopy(st, caller, seen, top, st.length - caller);
    e.setStackTrace(seen);
    return e;
  }
}
