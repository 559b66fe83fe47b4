package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The JDK's {@code JavaLangAccess} implementation, an anonymous class in {@code java.lang.System}
 * ({@code System$2} on JDK 17, {@code System$1} on 25): where every class a {@code Lookup}
 * defines, hidden or not, comes back from {@code ClassLoader.defineClass0}. The class passes
 * through {@code Hooks.onLookupClassDefined}, which names a hidden one at once, so that its
 * run-independent name ({@code HiddenClassNames}) is given in the order the classes are defined.
 */
final class LookupDefinitionInstrumentation implements TypeInstrumentation {

  private static final String DEFINE =
      "(Ljava/lang/ClassLoader;Ljava/lang/Class;Ljava/lang/String;[BIILjava/security/ProtectionDomain;"
          + "ZILjava/lang/Object;)Ljava/lang/Class;";

  private final String typeName;

  LookupDefinitionInstrumentation(String typeName) {
    this.typeName = typeName;
  }

  @Override
  public String typeName() {
    return typeName;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        super.visitMethodInsn(op, owner, callee, d, itf);
        if (owner.equals("java/lang/ClassLoader") && callee.equals("defineClass0") && d.equals(DEFINE)) {
          changed[0] = true;
          mv.visitInsn(Opcodes.DUP);
          HookCalls.call(mv, "onLookupClassDefined", "(Ljava/lang/Class;)V");
        }
      }
    };
  }
}
