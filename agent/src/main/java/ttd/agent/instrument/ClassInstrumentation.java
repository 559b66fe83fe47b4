package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.Class}: the order of its reflective listings. Every listing of methods and
 * constructors ({@code getDeclaredMethods}, {@code getMethods}, {@code getMethod}, {@code
 * getConstructors}...) starts from the natives {@code getDeclaredMethods0} and {@code
 * getDeclaredConstructors0}, whose order HotSpot takes from memory addresses and which therefore
 * differs between runs; their results pass through {@code Hooks.onClassDeclaredMethods} and
 * {@code onClassDeclaredConstructors}, which put them in one fixed order before {@code Class}
 * filters and caches them.
 *
 * <p>And the names of hidden classes: {@code getName} asks the JVM once ({@code initClassName}),
 * whose answer for a hidden class holds a memory address; it passes through {@code
 * Hooks.onClassName}, and what comes back is stored in {@code Class.name}, where every later call
 * finds it.
 */
final class ClassInstrumentation implements TypeInstrumentation {

  private static final String OWNER = "java/lang/Class";

  @Override
  public String typeName() {
    return OWNER;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    boolean getName = name.equals("getName") && desc.equals("()Ljava/lang/String;");
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        super.visitMethodInsn(op, owner, callee, d, itf);
        if (!owner.equals(OWNER)) {
          return;
        }
        if (getName && callee.equals("initClassName") && d.equals("()Ljava/lang/String;")) {
          changed[0] = true;
          mv.visitVarInsn(Opcodes.ALOAD, 0);
          HookCalls.call(mv, "onClassName", "(Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/String;");
          mv.visitInsn(Opcodes.DUP);
          mv.visitVarInsn(Opcodes.ALOAD, 0);
          mv.visitInsn(Opcodes.SWAP);
          mv.visitFieldInsn(Opcodes.PUTFIELD, OWNER, "name", "Ljava/lang/String;");
        } else if (callee.equals("getDeclaredMethods0") && d.equals("(Z)[Ljava/lang/reflect/Method;")) {
          changed[0] = true;
          HookCalls.call(mv, "onClassDeclaredMethods",
              "([Ljava/lang/reflect/Method;)[Ljava/lang/reflect/Method;");
        } else if (callee.equals("getDeclaredConstructors0")
            && d.equals("(Z)[Ljava/lang/reflect/Constructor;")) {
          changed[0] = true;
          HookCalls.call(mv, "onClassDeclaredConstructors",
              "([Ljava/lang/reflect/Constructor;)[Ljava/lang/reflect/Constructor;");
        }
      }
    };
  }
}
