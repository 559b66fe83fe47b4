package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.Shutdown}: where the JVM's shutdown sequence begins, on whichever thread begins
 * it ({@code exit(int)} for {@code System.exit} and signals, {@code shutdown()} for the JVM's own
 * thread after the last non-daemon thread ended), before that thread takes the JDK's shutdown
 * lock. The same two methods on JDK 17 and 25.
 */
final class ShutdownInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/lang/Shutdown";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    boolean exit = name.equals("exit") && desc.equals("(I)V");
    if (!exit && !(name.equals("shutdown") && desc.equals("()V"))) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onEntry(mv, access, name, desc, m -> {
      m.visitInsn(exit ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
      if (exit) {
        m.visitVarInsn(Opcodes.ILOAD, 0);
      } else {
        m.visitInsn(Opcodes.ICONST_0);
      }
      HookCalls.call(m, "onShutdown", "(ZI)V");
    });
  }
}
