package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Where a lambda's implementation method is bound: the entry of {@code
 * LambdaMetafactory.metafactory} and {@code altMetafactory}. A method reference to a captured JDK
 * method ({@code Runtime::freeMemory}, {@code Thread::yield}) is a class the JDK spins to call the
 * method, which never reaches a transformer, so its calls escaped every hook: Hazelcast's health
 * monitor reads {@code Runtime::freeMemory} through one, and its replays logged another figure. The
 * implementation passes through a hook that hands the metafactory the direct handle of the
 * method's adapter instead ({@link ReflectiveCalls#lambdaImplementation}); the clocks' references
 * are rewritten in the class file already ({@link ClockMethodReferences}). A serializable lambda's
 * form would name the adapter; {@link SerializedLambdaInstrumentation} names the program's method.
 */
final class MethodReferenceInstrumentation implements TypeInstrumentation {

  static final String METAFACTORY = "java/lang/invoke/LambdaMetafactory";
  static final String PLAIN = "metafactory";
  static final String ALT = "altMetafactory";
  static final String LOOKUP = "Ljava/lang/invoke/MethodHandles$Lookup;";
  static final String HANDLE = "Ljava/lang/invoke/MethodHandle;";
  static final String PLAIN_DESC = "(" + LOOKUP + "Ljava/lang/String;Ljava/lang/invoke/MethodType;"
      + "Ljava/lang/invoke/MethodType;" + HANDLE + "Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;";
  static final String ALT_DESC = "(" + LOOKUP + "Ljava/lang/String;Ljava/lang/invoke/MethodType;"
      + "[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;";
  static final String PLAIN_HOOK = "onLambdaImplementation";
  static final String PLAIN_HOOK_DESC = "(" + LOOKUP + HANDLE + ")" + HANDLE;
  static final String ALT_HOOK = "onAltLambdaImplementation";
  static final String ALT_HOOK_DESC = "(" + LOOKUP + "[Ljava/lang/Object;)V";

  @Override
  public String typeName() {
    return METAFACTORY;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals(PLAIN) && desc.equals(PLAIN_DESC)) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> { // implementation = hook(caller, implementation)
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ALOAD, 4);
        HookCalls.call(m, PLAIN_HOOK, PLAIN_HOOK_DESC);
        m.visitVarInsn(Opcodes.ASTORE, 4);
      });
    }
    if (name.equals(ALT) && desc.equals(ALT_DESC)) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> { // the hook replaces args[1] in place
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ALOAD, 3);
        HookCalls.call(m, ALT_HOOK, ALT_HOOK_DESC);
      });
    }
    return mv;
  }
}
