package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.runtime.Hooks;

/**
 * {@code java.io.FileInputStream}: opening a file and reading standard input, which ttd does not
 * replay yet; the hooks let a replay stop there with a clear report instead of reading for real.
 */
final class FileInputStreamInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/io/FileInputStream";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals("open") && desc.equals("(Ljava/lang/String;)V")) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> {
        HookCalls.pushInt(m, Hooks.INPUT_FILE_OPEN);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        HookCalls.call(m, "onUncapturedInput", "(ILjava/lang/Object;)V");
      });
    }
    if (name.equals("read") && (access & Opcodes.ACC_NATIVE) == 0) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> {
        HookCalls.pushInt(m, Hooks.INPUT_STDIN_READ);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitFieldInsn(Opcodes.GETFIELD, "java/io/FileInputStream", "fd", "Ljava/io/FileDescriptor;");
        HookCalls.call(m, "onUncapturedInput", "(ILjava/lang/Object;)V");
      });
    }
    return mv;
  }
}
