package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Where a serializable lambda's serialized form is made: the entry of {@code SerializedLambda}'s
 * constructor, which a lambda's {@code writeReplace} calls with the implementation the
 * metafactory bound. For a method reference to a captured JDK method that is ttd's adapter
 * ({@link MethodReferenceInstrumentation}); the hook puts the program's own method back in the
 * constructor's arguments ({@link ReflectiveCalls#serializedImplementation}), so the bytes written
 * and the program's {@code $deserializeLambda$} see what a plain run does.
 */
final class SerializedLambdaInstrumentation implements TypeInstrumentation {

  static final String SERIALIZED_LAMBDA = "java/lang/invoke/SerializedLambda";
  static final String CONSTRUCTOR = "<init>";
  private static final String STRING = "Ljava/lang/String;";
  static final String CONSTRUCTOR_DESC = "(Ljava/lang/Class;" + STRING + STRING + STRING + "I" + STRING + STRING
      + STRING + STRING + "[Ljava/lang/Object;)V";
  static final String HOOK = "onSerializedLambda";
  static final String HOOK_DESC = "([Ljava/lang/Object;)V";
  /** The constructor's slots of the implementation's kind, class, name and signature. */
  private static final int KIND = 5;
  private static final int CLASS = 6;
  private static final int NAME = 7;
  private static final int SIGNATURE = 8;

  @Override
  public String typeName() {
    return SERIALIZED_LAMBDA;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals(CONSTRUCTOR) || !desc.equals(CONSTRUCTOR_DESC)) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onEntry(mv, access, name, desc, m -> { // {kind, class, name, signature}, rewritten in place
      HookCalls.pushInt(m, 4);
      m.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
      store(m, 0, () -> {
        m.visitVarInsn(Opcodes.ILOAD, KIND);
        m.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;", false);
      });
      store(m, 1, () -> m.visitVarInsn(Opcodes.ALOAD, CLASS));
      store(m, 2, () -> m.visitVarInsn(Opcodes.ALOAD, NAME));
      store(m, 3, () -> m.visitVarInsn(Opcodes.ALOAD, SIGNATURE));
      m.visitInsn(Opcodes.DUP);
      HookCalls.call(m, HOOK, HOOK_DESC);
      load(m, 0, "java/lang/Integer");
      m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Integer", "intValue", "()I", false);
      m.visitVarInsn(Opcodes.ISTORE, KIND);
      load(m, 1, "java/lang/String");
      m.visitVarInsn(Opcodes.ASTORE, CLASS);
      load(m, 3, "java/lang/String");
      m.visitVarInsn(Opcodes.ASTORE, SIGNATURE);
      m.visitInsn(Opcodes.POP);
    });
  }

  /** With the array on the stack: {@code array[index] = value}, the array left on the stack. */
  private static void store(MethodVisitor m, int index, Runnable value) {
    m.visitInsn(Opcodes.DUP);
    HookCalls.pushInt(m, index);
    value.run();
    m.visitInsn(Opcodes.AASTORE);
  }

  /** With the array on the stack: pushes {@code array[index]} as a {@code type}, the array kept below. */
  private static void load(MethodVisitor m, int index, String type) {
    m.visitInsn(Opcodes.DUP);
    HookCalls.pushInt(m, index);
    m.visitInsn(Opcodes.AALOAD);
    m.visitTypeInsn(Opcodes.CHECKCAST, type);
  }
}
