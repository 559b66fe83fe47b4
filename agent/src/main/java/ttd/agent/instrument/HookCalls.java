package ttd.agent.instrument;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import java.util.function.Consumer;

/**
 * Small bytecode helpers shared by the instrumentations: calls into {@code ttd.runtime.Hooks} (and
 * {@code ScheduleHooks}, {@code FileHooks}, {@code RandomHooks}).
 *
 * <p>Everything inserted is straight-line code that leaves the operand stack as it found it, so
 * existing stack map frames stay valid and only max stack needs recomputing.
 */
final class HookCalls {

  static final String HOOKS = "ttd/runtime/Hooks";
  static final String FILE_HOOKS = "ttd/runtime/FileHooks";
  static final String SCHEDULE_HOOKS = "ttd/runtime/ScheduleHooks";
  static final String RANDOM_HOOKS = "ttd/runtime/RandomHooks";

  private HookCalls() {}

  static void call(MethodVisitor mv, String hook, String descriptor) {
    call(mv, HOOKS, hook, descriptor);
  }

  static void call(MethodVisitor mv, String owner, String hook, String descriptor) {
    mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, hook, descriptor, false);
  }

  static void pushInt(MethodVisitor mv, int value) {
    if (value >= -1 && value <= 5) {
      mv.visitInsn(Opcodes.ICONST_0 + value);
    } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
      mv.visitIntInsn(Opcodes.BIPUSH, value);
    } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      mv.visitIntInsn(Opcodes.SIPUSH, value);
    } else {
      mv.visitLdcInsn(value);
    }
  }

  /** Boxes the primitive {@code value} on the stack ({@code Integer.valueOf} and the like); a reference stays. */
  static void box(MethodVisitor mv, Type value) {
    String wrapper = wrapper(value);
    if (wrapper != null) {
      mv.visitMethodInsn(Opcodes.INVOKESTATIC, wrapper, "valueOf",
          "(" + value.getDescriptor() + ")L" + wrapper + ";", false);
    }
  }

  /** Casts the {@code Object} on the stack back to {@code value}'s type, unboxing a primitive. */
  static void castBack(MethodVisitor mv, Type value) {
    String wrapper = wrapper(value);
    if (wrapper == null) {
      mv.visitTypeInsn(Opcodes.CHECKCAST, value.getInternalName());
      return;
    }
    mv.visitTypeInsn(Opcodes.CHECKCAST, wrapper);
    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, wrapper, value.getClassName() + "Value",
        "()" + value.getDescriptor(), false);
  }

  /** The internal name of a primitive type's wrapper class; null for a reference type. */
  private static String wrapper(Type value) {
    switch (value.getSort()) {
      case Type.BOOLEAN:
        return "java/lang/Boolean";
      case Type.CHAR:
        return "java/lang/Character";
      case Type.BYTE:
        return "java/lang/Byte";
      case Type.SHORT:
        return "java/lang/Short";
      case Type.INT:
        return "java/lang/Integer";
      case Type.FLOAT:
        return "java/lang/Float";
      case Type.LONG:
        return "java/lang/Long";
      case Type.DOUBLE:
        return "java/lang/Double";
      default:
        return null;
    }
  }

  /** Runs {@code body} at method entry (never used on constructors). */
  static MethodVisitor onEntry(
      MethodVisitor mv, int access, String name, String desc, Consumer<MethodVisitor> body) {
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitCode() {
        super.visitCode();
        body.accept(mv);
      }
    };
  }

  /** Runs {@code body} before each normal return, with the return value (if any) on the stack. */
  static MethodVisitor onReturn(
      MethodVisitor mv, int access, String name, String desc, Consumer<MethodVisitor> body) {
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitInsn(int opcode) {
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
          body.accept(mv);
        }
        super.visitInsn(opcode);
      }
    };
  }

  /**
   * Runs {@code entry} at the start of the method, and a call of the hook {@code exit} ({@code ()V})
   * before each return and, through a catch-all handler last in the exception table (so that the
   * method's own handlers, its monitor's among them, come first), before each throw out of it. The
   * handler reads no local, so its frame declares none.
   */
  static MethodVisitor bracketed(MethodVisitor mv, Consumer<MethodVisitor> entry, String exit) {
    return new MethodVisitor(Opcodes.ASM9, mv) {
      private final Label start = new Label();

      @Override
      public void visitCode() {
        super.visitCode();
        entry.accept(mv);
        mv.visitLabel(start);
      }

      @Override
      public void visitInsn(int opcode) {
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
          call(mv, exit, "()V");
        }
        super.visitInsn(opcode);
      }

      @Override
      public void visitMaxs(int maxStack, int maxLocals) {
        Label end = new Label();
        Label handler = new Label();
        mv.visitLabel(end);
        mv.visitTryCatchBlock(start, end, handler, null);
        mv.visitLabel(handler);
        mv.visitFrame(Opcodes.F_FULL, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"});
        call(mv, exit, "()V");
        mv.visitInsn(Opcodes.ATHROW);
        super.visitMaxs(maxStack, maxLocals);
      }
    };
  }
}
