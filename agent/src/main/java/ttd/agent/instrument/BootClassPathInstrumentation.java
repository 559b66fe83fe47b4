package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code sun.instrument.InstrumentationImpl.appendToBootstrapClassLoaderSearch(JarFile)} (the same
 * on JDK 17 and 25): the jar's name it hands the JVM passes through {@code Hooks.onValue} with the
 * {@code value.AppendedJars} codec, which logs the jar's bytes and gives a replay a copy to hand
 * the JVM instead, which reads it natively where no hook sees it.
 */
final class BootClassPathInstrumentation implements TypeInstrumentation {

  static final String TYPE = "sun/instrument/InstrumentationImpl";
  static final String METHOD = "appendToBootstrapClassLoaderSearch";
  static final String DESC = "(Ljava/util/jar/JarFile;)V";
  private static final String JAR = "java/util/jar/JarFile";

  private final String site;
  private Capture row;

  BootClassPathInstrumentation() {
    this.site = TYPE.replace('/', '.') + "." + METHOD + "(InstrumentationImpl.java)";
  }

  /** The table's row for this method, whose place among the value rows its call passes. */
  void row(Capture capture) {
    this.row = capture;
  }

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
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        super.visitMethodInsn(op, owner, callee, d, itf);
        if (owner.equals(JAR) && callee.equals("getName") && d.equals("()Ljava/lang/String;")) {
          changed[0] = true;
          HookCalls.pushInt(mv, CallSites.register(site, false));
          HookCalls.pushInt(mv, CaptureTable.valueNumber(row));
          HookCalls.call(mv, row.hookName(), row.hookDesc());
          mv.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/String");
        }
      }
    };
  }
}
