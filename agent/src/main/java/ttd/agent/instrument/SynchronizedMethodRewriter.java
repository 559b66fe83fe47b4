package ttd.agent.instrument;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The body of a {@code synchronized} method whose flag was taken off (Fray's
 * {@code SynchronizedMethodInstrumenter}): the monitor of {@code this} (or of the class) is taken
 * with an explicit, scheduled {@code monitorenter} and released before every return and by a
 * catch-all handler, as javac does for a {@code synchronized} block. The JVM would otherwise take
 * the monitor before any instrumented code runs, where the scheduler cannot see it.
 *
 * <p>Only for classes at their first load: retransformation cannot change modifiers.
 */
final class SynchronizedMethodRewriter extends MethodVisitor {

  private final String owner;
  private final boolean isStatic;
  private final String descriptor;
  private final boolean frames;
  private final Label start = new Label();
  private final Label end = new Label();

  SynchronizedMethodRewriter(
      MethodVisitor mv, String owner, int access, String descriptor, boolean frames) {
    super(Opcodes.ASM9, mv);
    this.owner = owner;
    this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
    this.descriptor = descriptor;
    this.frames = frames;
  }

  @Override
  public void visitCode() {
    super.visitCode();
    pushLock();
    super.visitInsn(Opcodes.DUP);
    HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, "onMonitorEnter", "(Ljava/lang/Object;)V");
    super.visitInsn(Opcodes.MONITORENTER);
    super.visitLabel(start);
  }

  @Override
  public void visitInsn(int opcode) {
    if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
      release();
    }
    super.visitInsn(opcode);
  }

  @Override
  public void visitMaxs(int maxStack, int maxLocals) {
    Label handler = new Label();
    super.visitLabel(end);
    super.visitLabel(handler);
    if (frames) {
      List<Object> locals = entryLocals();
      super.visitFrame(
          Opcodes.F_FULL, locals.size(), locals.toArray(), 1, new Object[] {"java/lang/Throwable"});
    }
    release();
    super.visitInsn(Opcodes.ATHROW);
    super.visitTryCatchBlock(start, end, handler, null);
    super.visitMaxs(maxStack, maxLocals);
  }

  /** The real exit; the model notices it later (see {@link MonitorRewriter}). */
  private void release() {
    pushLock();
    super.visitInsn(Opcodes.MONITOREXIT);
  }

  private void pushLock() {
    if (isStatic) {
      super.visitLdcInsn(Type.getObjectType(owner));
    } else {
      super.visitVarInsn(Opcodes.ALOAD, 0);
    }
  }

  /** The locals at method entry, as a full stack map frame names them. */
  private List<Object> entryLocals() {
    List<Object> locals = new ArrayList<>();
    if (!isStatic) {
      locals.add(owner);
    }
    for (Type t : Type.getArgumentTypes(descriptor)) {
      switch (t.getSort()) {
        case Type.BOOLEAN:
        case Type.BYTE:
        case Type.CHAR:
        case Type.SHORT:
        case Type.INT:
          locals.add(Opcodes.INTEGER);
          break;
        case Type.FLOAT:
          locals.add(Opcodes.FLOAT);
          break;
        case Type.LONG:
          locals.add(Opcodes.LONG);
          break;
        case Type.DOUBLE:
          locals.add(Opcodes.DOUBLE);
          break;
        default:
          locals.add(t.getInternalName());
      }
    }
    return locals;
  }
}
