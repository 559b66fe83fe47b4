package ttd.agent.instrument;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The scheduler's ticks in application code: a call of {@code ScheduleHooks.onTick()} at the entry of
 * every method that calls anything ({@link CallingMethods}) and before every backward jump (rr
 * counts retired branches; this is the JVM analogue).
 * Ticks are the deterministic clock of preemption. In chaos mode, field reads and writes tick
 * too, and so do calls of atomics and {@code VarHandle}s, so a preemption can fall between the
 * read and the write of {@code count++} or between two atomic steps.
 */
final class TickRewriter extends MethodVisitor {

  private final boolean fields;
  private final boolean entryTick;
  private final Set<Label> seen = new HashSet<>();

  /**
   * @param fields whether field accesses and atomics tick too (chaos)
   * @param entryTick whether the method's entry ticks: it calls something
   */
  TickRewriter(MethodVisitor mv, boolean fields, boolean entryTick) {
    super(Opcodes.ASM9, mv);
    this.fields = fields;
    this.entryTick = entryTick;
  }

  @Override
  public void visitCode() {
    super.visitCode();
    if (entryTick) {
      tick();
    }
  }

  @Override
  public void visitLabel(Label label) {
    seen.add(label);
    super.visitLabel(label);
  }

  @Override
  public void visitJumpInsn(int opcode, Label label) {
    if (seen.contains(label)) {
      tick();
    }
    super.visitJumpInsn(opcode, label);
  }

  @Override
  public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
    if (fields) {
      tick();
    }
    super.visitFieldInsn(opcode, owner, name, descriptor);
  }

  @Override
  public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean itf) {
    if (fields
        && (owner.startsWith("java/util/concurrent/atomic/") || owner.equals("java/lang/invoke/VarHandle"))) {
      tick();
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, itf);
  }

  private void tick() {
    HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, "onTick", "()V");
  }
}
