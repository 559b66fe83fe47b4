package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.runtime.Hooks;

/**
 * {@code java.io.FileOutputStream}: every write (stdout and stderr among them) and every open.
 *
 * <p>The hooks sit in the Java methods that call the {@code writeBytes}/{@code write} natives:
 * {@code write(byte[])} calls the native directly, so each overload is hooked.
 */
final class FileOutputStreamInstrumentation implements TypeInstrumentation {

  private static final String FD = "Ljava/io/FileDescriptor;";

  @Override
  public String typeName() {
    return "java/io/FileOutputStream";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    String key = name + desc;
    switch (key) {
      case "write(I)V":
        changed[0] = true;
        return HookCalls.onEntry(mv, access, name, desc, m -> {
          fd(m);
          m.visitVarInsn(Opcodes.ILOAD, 1);
          HookCalls.call(m, "onFileOutputWrite", "(" + FD + "I)V");
        });
      case "write([B)V":
        changed[0] = true;
        return HookCalls.onEntry(mv, access, name, desc, m -> {
          fd(m);
          m.visitVarInsn(Opcodes.ALOAD, 1);
          m.visitInsn(Opcodes.ICONST_0);
          m.visitInsn(Opcodes.ICONST_M1);
          HookCalls.call(m, "onFileOutputWrite", "(" + FD + "[BII)V");
        });
      case "write([BII)V":
        changed[0] = true;
        return HookCalls.onEntry(mv, access, name, desc, m -> {
          fd(m);
          m.visitVarInsn(Opcodes.ALOAD, 1);
          m.visitVarInsn(Opcodes.ILOAD, 2);
          m.visitVarInsn(Opcodes.ILOAD, 3);
          HookCalls.call(m, "onFileOutputWrite", "(" + FD + "[BII)V");
        });
      case "open(Ljava/lang/String;Z)V":
        changed[0] = true;
        return HookCalls.onEntry(mv, access, name, desc, m -> {
          HookCalls.pushInt(m, Hooks.INPUT_FILE_OPEN);
          m.visitVarInsn(Opcodes.ALOAD, 1);
          HookCalls.call(m, "onUncapturedInput", "(ILjava/lang/Object;)V");
        });
      default:
        return mv;
    }
  }

  private static void fd(MethodVisitor m) {
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitFieldInsn(Opcodes.GETFIELD, "java/io/FileOutputStream", "fd", FD);
  }
}
