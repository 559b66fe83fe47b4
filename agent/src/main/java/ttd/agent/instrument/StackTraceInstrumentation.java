package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.StackTraceElement.of(Throwable, int)} (17; {@code of(Object, int)} on later
 * releases), where a throwable's stack trace is built from its backtrace the first time anyone
 * reads or prints it: the array passes through {@code Hooks.onStackTrace} before {@code Throwable}
 * keeps it, so the program never sees ttd's frames and sees the JDK frame a hook stands for. The
 * cost is paid only when a stack trace is materialized.
 */
final class StackTraceInstrumentation implements TypeInstrumentation {

  static final String TYPE = "java/lang/StackTraceElement";
  static final String HOOK = "onStackTrace";
  static final String HOOK_DESC = "([Ljava/lang/StackTraceElement;)[Ljava/lang/StackTraceElement;";

  @Override
  public String typeName() {
    return TYPE;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals("of") || !isFromBacktrace(desc)) {
      return mv;
    }
    return HookCalls.onReturn(mv, access, name, desc, m -> {
      changed[0] = true;
      HookCalls.call(m, HOOK, HOOK_DESC);
    });
  }

  static boolean isFromBacktrace(String desc) {
    return desc.equals("(Ljava/lang/Throwable;I)[Ljava/lang/StackTraceElement;")
        || desc.equals("(Ljava/lang/Object;I)[Ljava/lang/StackTraceElement;");
  }
}
