package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.Runtime}: {@code exit} and {@code halt}, so the exit status is recorded and a
 * halt (which runs no shutdown hooks) still closes the recording.
 */
final class RuntimeInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/lang/Runtime";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (desc.equals("(I)V") && (name.equals("exit") || name.equals("halt"))) {
      changed[0] = true;
      String hook = name.equals("exit") ? "onRuntimeExit" : "onRuntimeHalt";
      return HookCalls.onEntry(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ILOAD, 1);
        HookCalls.call(m, hook, "(I)V");
      });
    }
    return mv;
  }
}
