package ttd.agent.instrument;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code sun.instrument.InstrumentationImpl.appendToSystemClassLoaderSearch(JarFile)} (the same on
 * JDK 17 and 25) asks {@code Hooks.onSystemClassPathAppend} first and returns when it says the jar
 * is appended already: a replay appends it without the JVM's native check of a file the program
 * never wrote there. The one branch is at the method's start, where the frame is the method's
 * initial one.
 */
final class SystemClassPathInstrumentation implements TypeInstrumentation {

  static final String TYPE = "sun/instrument/InstrumentationImpl";
  static final String METHOD = "appendToSystemClassLoaderSearch";
  static final String DESC = "(Ljava/util/jar/JarFile;)V";
  static final String HOOK = "onSystemClassPathAppend";
  static final String HOOK_DESC = "(Ljava/lang/String;)Z";

  @Override
  public String typeName() {
    return TYPE;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals(METHOD) || !desc.equals(DESC)) {
      return mv;
    }
    changed[0] = true;
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitCode() {
        super.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/jar/JarFile", "getName", "()Ljava/lang/String;", false);
        HookCalls.call(mv, HOOK, HOOK_DESC);
        Label asItWas = new Label();
        mv.visitJumpInsn(Opcodes.IFEQ, asItWas);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitLabel(asItWas);
        mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
      }
    };
  }
}
