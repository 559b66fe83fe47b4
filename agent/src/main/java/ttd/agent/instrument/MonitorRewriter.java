package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Application code's {@code monitorenter}: the scheduler's model takes the monitor before the real
 * instruction, so the real one never blocks a thread holding the baton.
 *
 * <p>{@code monitorexit} is left alone: any call next to it lies inside javac's catch-all range,
 * which gives the JIT an exception path it cannot match with the monitors held (C1 refuses the
 * whole method; a call after the exit made C2 refuse it too), and an uncompiled loop runs 100
 * times slower. The model learns of exits instead by asking the JVM ({@code Thread.holdsLock})
 * whenever the thread hands the baton on.
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
      HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, "onMonitorEnter", "(Ljava/lang/Object;)V");
      super.visitInsn(opcode);
      changed[0] = true;
    } else {
      super.visitInsn(opcode);
    }
  }
}
