package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The two places a program's dynamic call of a JDK method is bound, which no rewritten call site
 * sees: {@code MethodHandles.Lookup.getDirectMethodCommon}, where every method handle of a method
 * is made (JDK 17 and 25), and {@code ReflectionFactory.newMethodAccessor}, where {@code
 * Method.invoke} gets what it calls through (JDK 17 and 25, which ttd keeps on the native path,
 * {@code identity.ReflectionInflation}). At each one's return the result passes through a hook
 * with the member, which hands a captured method's callers an adapter instead ({@link
 * ReflectiveCalls}).
 */
final class ReflectiveCallInstrumentation implements TypeInstrumentation {

  static final String LOOKUP = "java/lang/invoke/MethodHandles$Lookup";
  static final String FACTORY = "jdk/internal/reflect/ReflectionFactory";
  static final String DIRECT_METHOD = "getDirectMethodCommon";
  static final String NEW_ACCESSOR = "newMethodAccessor";
  static final String DIRECT_METHOD_HOOK = "onDirectMethod";
  static final String DIRECT_METHOD_HOOK_DESC =
      "(Ljava/lang/invoke/MethodHandle;Ljava/lang/Object;)Ljava/lang/invoke/MethodHandle;";
  static final String ACCESSOR_HOOK = "onMethodAccessor";
  static final String ACCESSOR_HOOK_DESC = "(Ljava/lang/Object;Ljava/lang/reflect/Method;)Ljava/lang/Object;";
  static final String ACCESSOR = "jdk/internal/reflect/MethodAccessor";

  private final boolean lookup;

  private ReflectiveCallInstrumentation(boolean lookup) {
    this.lookup = lookup;
  }

  /** {@code Lookup.getDirectMethodCommon(refKind, refc, MemberName method, ...)}: the member is its third argument. */
  static ReflectiveCallInstrumentation lookup() {
    return new ReflectiveCallInstrumentation(true);
  }

  /** {@code ReflectionFactory.newMethodAccessor(Method method, ...)}: the method is its first argument. */
  static ReflectiveCallInstrumentation factory() {
    return new ReflectiveCallInstrumentation(false);
  }

  @Override
  public String typeName() {
    return lookup ? LOOKUP : FACTORY;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    // by name: the descriptors differ between releases (17's security-manager flag, 18's caller-sensitive one)
    if (lookup ? !name.equals(DIRECT_METHOD) || !desc.startsWith("(BLjava/lang/Class;Ljava/lang/invoke/MemberName;")
        : !name.equals(NEW_ACCESSOR) || !desc.startsWith("(Ljava/lang/reflect/Method;")) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onReturn(mv, access, name, desc, m -> {
      if (lookup) {
        m.visitVarInsn(Opcodes.ALOAD, 3);
        HookCalls.call(m, DIRECT_METHOD_HOOK, DIRECT_METHOD_HOOK_DESC);
      } else {
        m.visitVarInsn(Opcodes.ALOAD, 1);
        HookCalls.call(m, ACCESSOR_HOOK, ACCESSOR_HOOK_DESC);
        m.visitTypeInsn(Opcodes.CHECKCAST, ACCESSOR);
      }
    });
  }
}
