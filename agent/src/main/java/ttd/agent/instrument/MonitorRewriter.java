package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Application code's {@code monitorenter}/{@code monitorexit}: the scheduler's model acquires the
 * monitor before the real instruction (so the real one never blocks a thread holding the baton)
 * and releases it after the real exit.
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
      super.visitInsn(opcode);
      HookCalls.call(mv, "onMonitorExit", "(Ljava/lang/Object;)V");
      changed[0] = true;
    } else {
      super.visitInsn(opcode);
    }
  }
}
