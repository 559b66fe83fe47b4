package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The JDK's {@code JavaLangAccess} implementation, an anonymous class in {@code java.lang.System}
 * ({@code System$2} on JDK 17, {@code System$1} on 25): where every class a {@code Lookup}
 * defines ({@code ClassLoader.defineClass0}) and every class the JDK spins into a loader by name
 * ({@code ClassLoader.defineClass1}: a bound method handle's species, a proxy) is defined.
 *
 * <p>Before the definition, {@code Hooks.onClassDefining} gets the defining loader, the name
 * and the bytes: a class the JDK spins for its own code (a lambda form, a JDK lambda) is defined
 * on a hash state of its own, since whether the JDK spins it depends on what ttd's own code used
 * before. After it, the class passes through {@code Hooks.onClassDefined}, which ends that
 * and names a hidden class at once, so that its run-independent name ({@code HiddenClassNames})
 * is given in the order the classes are defined.
 */
final class LookupDefinitionInstrumentation implements TypeInstrumentation {

  /** {@code defineClass0}'s descriptor, and that of the accessor method that calls it. */
  private static final String DEFINE_LOOKUP =
      "(Ljava/lang/ClassLoader;Ljava/lang/Class;Ljava/lang/String;[BIILjava/security/ProtectionDomain;"
          + "ZILjava/lang/Object;)Ljava/lang/Class;";
  private static final String LOOKUP_ACCESSOR =
      "(Ljava/lang/ClassLoader;Ljava/lang/Class;Ljava/lang/String;[BLjava/security/ProtectionDomain;"
          + "ZILjava/lang/Object;)Ljava/lang/Class;";
  /** {@code defineClass1}'s descriptor, and that of the accessor method that calls it. */
  private static final String DEFINE_NAMED =
      "(Ljava/lang/ClassLoader;Ljava/lang/String;[BIILjava/security/ProtectionDomain;Ljava/lang/String;)"
          + "Ljava/lang/Class;";
  private static final String NAMED_ACCESSOR =
      "(Ljava/lang/ClassLoader;Ljava/lang/String;[BLjava/security/ProtectionDomain;Ljava/lang/String;)"
          + "Ljava/lang/Class;";
  private static final String DEFINING = "(Ljava/lang/ClassLoader;Ljava/lang/String;[B)V";

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
    if (!name.equals("defineClass")) {
      return mv;
    }
    String native0;
    String nativeDesc;
    int nameSlot;
    if (desc.equals(LOOKUP_ACCESSOR)) {
      native0 = "defineClass0";
      nativeDesc = DEFINE_LOOKUP;
      nameSlot = 3;
    } else if (desc.equals(NAMED_ACCESSOR)) {
      native0 = "defineClass1";
      nativeDesc = DEFINE_NAMED;
      nameSlot = 2;
    } else {
      return mv;
    }
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        boolean definition =
            owner.equals("java/lang/ClassLoader") && callee.equals(native0) && d.equals(nativeDesc);
        if (definition) {
          mv.visitVarInsn(Opcodes.ALOAD, 1);
          mv.visitVarInsn(Opcodes.ALOAD, nameSlot);
          mv.visitVarInsn(Opcodes.ALOAD, nameSlot + 1);
          HookCalls.call(mv, "onClassDefining", DEFINING);
        }
        super.visitMethodInsn(op, owner, callee, d, itf);
        if (definition) {
          changed[0] = true;
          mv.visitInsn(Opcodes.DUP);
          HookCalls.call(mv, "onClassDefined", "(Ljava/lang/Class;)V");
        }
      }
    };
  }
}
