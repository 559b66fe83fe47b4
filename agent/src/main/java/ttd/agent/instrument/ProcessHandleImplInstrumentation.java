package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.ProcessHandleImpl}: the pid the program reads. This JVM's own pid is read once,
 * in the class's initialiser, possibly before the program runs (or by ttd's own code), and then
 * served from a field; so it is exchanged where the program asks for it, at {@code pid()}'s return.
 * That covers {@code ProcessHandle.current().pid()} and the management bean's {@code pid@host}.
 */
final class ProcessHandleImplInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/lang/ProcessHandleImpl";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals("pid") && desc.equals("()J")) {
      changed[0] = true;
      return HookCalls.onReturn(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ALOAD, 0);
        HookCalls.call(m, "onProcessHandlePid", "(JLjava/lang/Object;)J");
      });
    }
    return mv;
  }
}
