package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.VirtualThread} (JDK 21+), the virtual thread that runs on a carrier: its start
 * is reported, because the scheduler cannot run such threads (blocking one blocks its carrier);
 * recording stops there with a clear message instead of hanging. Under ttd the JDK's builders make
 * bound virtual threads instead ({@link ContinuationSupportInstrumentation}), so this guards a JDK
 * whose virtual threads come another way.
 */
final class VirtualThreadInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/lang/VirtualThread";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals("start") || (access & Opcodes.ACC_STATIC) != 0) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onEntry(mv, access, name, desc, m -> {
      m.visitVarInsn(Opcodes.ALOAD, 0);
      HookCalls.call(m, HookCalls.SCHEDULE_HOOKS, "onVirtualThreadStart", "(Ljava/lang/Object;)V");
    });
  }
}
