package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The making of every weak and soft reference: at the end of {@code Reference(referent, queue)},
 * which all of them pass through, {@code ReferenceHooks.onReferenceMade} lets a replay hold the
 * referent strongly until the recording says the program found it cleared.
 */
final class ReferenceInstrumentation implements TypeInstrumentation {

  static final String REFERENCE_HOOKS = "ttd/runtime/ReferenceHooks";

  @Override
  public String typeName() {
    return "java/lang/ref/Reference";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals("<init>") || !desc.equals("(Ljava/lang/Object;Ljava/lang/ref/ReferenceQueue;)V")) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onReturn(mv, access, name, desc, m -> {
      m.visitVarInsn(Opcodes.ALOAD, 0);
      m.visitVarInsn(Opcodes.ALOAD, 1);
      m.visitVarInsn(Opcodes.ALOAD, 2);
      HookCalls.call(m, REFERENCE_HOOKS, "onReferenceMade",
          "(Ljava/lang/ref/Reference;Ljava/lang/Object;Ljava/lang/ref/ReferenceQueue;)V");
    });
  }
}
