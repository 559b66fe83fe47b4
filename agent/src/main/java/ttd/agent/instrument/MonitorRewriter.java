package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Application code's {@code monitorenter}/{@code monitorexit}: the scheduler's model acquires the
 * monitor before the real instruction (so the real one never blocks a thread holding the baton)
 * and releases it just before the real exit (nothing can run in between).
 *
 * <p>Both hook calls stay outside the range where the monitor is held as far as an exception
 * handler is concerned, or on the same side of it as javac's own code: a call after a {@code
 * monitorexit} inside javac's catch-all range gives the JIT a path that exits twice, and C1 and C2
 * then refuse to compile the whole method.
 */
final class MonitorRewriter extends MethodVisitor {

  private final boolean[] changed;

  MonitorRewriter(MethodVisitor mv, boolean[] changed) {
    super(Opcodes.ASM9, mv);
    this.changed = changed;
  }

  @Override
  public void visitInsn(int opcode) {
    if (opcode == Opcodes.MONITORENTER) {
      super.visitInsn(Opcodes.DUP);
      HookCalls.call(mv, "onMonitorEnter", "(Ljava/lang/Object;)V");
      super.visitInsn(opcode);
      changed[0] = true;
    } else if (opcode == Opcodes.MONITOREXIT) {
      super.visitInsn(Opcodes.DUP);
      HookCalls.call(mv, "onMonitorExit", "(Ljava/lang/Object;)V");
      super.visitInsn(opcode);
      changed[0] = true;
    } else {
      super.visitInsn(opcode);
    }
  }
}
