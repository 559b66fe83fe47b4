package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.ref.Reference}: the constructor every weak, soft and phantom reference goes
 * through ends by handing the new reference and its referent to a hook, which keeps the referents
 * of weak ones reachable ({@code WeakReferents}), so that whether the collector cleared one is not
 * timing in either mode.
 */
final class ReferenceInstrumentation implements TypeInstrumentation {

  private static final String CONSTRUCTOR = "(Ljava/lang/Object;Ljava/lang/ref/ReferenceQueue;)V";

  @Override
  public String typeName() {
    return "java/lang/ref/Reference";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals("<init>") || !desc.equals(CONSTRUCTOR)) {
      return mv;
    }
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitInsn(int opcode) {
        if (opcode == Opcodes.RETURN) {
          changed[0] = true;
          mv.visitVarInsn(Opcodes.ALOAD, 0);
          mv.visitVarInsn(Opcodes.ALOAD, 1);
          HookCalls.call(mv, "onWeakReferenceCreated", "(Ljava/lang/ref/Reference;Ljava/lang/Object;)V");
        }
        super.visitInsn(opcode);
      }
    };
  }
}
