package ttd.agent.instrument;

import java.util.HashMap;
import java.util.Map;
import ttd.log.AddedMembers;

/**
 * Which JDK method a hook's call stands for: what the program's stack trace shows in place of a
 * hook's frames ({@code session.ProgramStacks}). The rewriters of JDK classes note each call they
 * replace by the line it is on, which tells the native I/O hooks' natives apart (one hook stands for
 * all of {@code RandomAccessFile}'s void natives, told apart by an operand); elsewhere the {@link
 * CaptureTable} row whose hook replaces calls from the caller's class says.
 */
public final class HookedMethods {

  private static final String SEVERAL = "";
  /** {@code caller.method:line} -> {@code owner.name} of the call replaced there (binary names). */
  private static final Map<String, String> SITES = new HashMap<>();
  private static final Map<String, String> BY_HOOK = new HashMap<>();

  private HookedMethods() {}

  /** Whether a frame of {@code method} is one of the bridges a program class calls a hook through ({@link NativeIoBridges}). */
  public static boolean isBridge(String method) {
    return AddedMembers.isNativeIoBridge(method);
  }

  /** A rewriter replaced {@code owner.name}'s call on {@code line} of {@code caller.method} (internal names). */
  static synchronized void replaced(String caller, String method, int line, String owner, String name) {
    if (line < 0) {
      return;
    }
    String site = caller.replace('/', '.') + '.' + method + ':' + line;
    String callee = owner.replace('/', '.') + '.' + name;
    String before = SITES.putIfAbsent(site, callee);
    if (before != null && !before.equals(callee)) {
      SITES.put(site, SEVERAL);
    }
  }

  /**
   * The JDK method ({@code binary.class.Name.method}) that {@code hookClass.hookMethod}, called on
   * {@code line} of {@code callerClass.callerMethod}, stands for, or null where that is not known.
   */
  public static synchronized String standsFor(
      String hookClass, String hookMethod, String callerClass, String callerMethod, int line) {
    String site = SITES.get(callerClass + '.' + callerMethod + ':' + line);
    if (site != null) {
      return site.equals(SEVERAL) ? null : site;
    }
    String key = hookClass + '.' + hookMethod + ' ' + callerClass;
    String known = BY_HOOK.get(key);
    if (known == null) {
      known = byHook(hookClass.replace('.', '/'), hookMethod, callerClass.replace('.', '/'));
      BY_HOOK.put(key, known);
    }
    return known.equals(SEVERAL) ? null : known;
  }

  /** The one row whose hook replaces calls from {@code caller}, or {@link #SEVERAL} (also for none). */
  private static String byHook(String hook, String hookMethod, String caller) {
    Runtime.Version jdk = Runtime.version();
    String found = null;
    for (Capture c : CaptureTable.rows()) {
      boolean replaces = c.how() == Capture.Rewrite.REPLACED_AT_CALL_SITE || c.how() == Capture.Rewrite.NATIVE_IO;
      boolean here = c.callers() == Capture.ANY || c.callers() == Capture.APPLICATION || c.callers().contains(caller);
      if (replaces && here && c.jdks().includes(jdk) && c.hookOwner().equals(hook)
          && c.hookName().equals(hookMethod)) {
        String method = c.owner().replace('/', '.') + '.' + c.name();
        if (found != null && !found.equals(method)) {
          return SEVERAL;
        }
        found = method;
      }
    }
    return found == null ? SEVERAL : found;
  }
}
