package ttd.agent.instrument;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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
 *
 * <p>The entry tick goes right before the program's first instruction, after the labels there, so a
 * loop whose head is that instruction ({@code while (running) {...}} as a method's first statement)
 * jumps back before the tick: the jump itself does not tick, and it lands where the method's first
 * line begins when nothing else of ttd's comes first, so a breakpoint on that line stops at every
 * turn, not only at the entry.
 */
final class TickRewriter extends MethodVisitor {

  private final boolean fields;
  private final Set<Label> seen = new HashSet<>();
  /** The labels at the program's first instruction, where the entry tick runs. */
  private final Set<Label> head = new HashSet<>();
  /** What stands at the first instruction (labels, its line, its frame), held until it is known. */
  private final List<Runnable> atHead = new ArrayList<>();
  private boolean entryPending;

  /**
   * @param fields whether field accesses and atomics tick too (chaos)
   * @param entryTick whether the method's entry ticks: it calls something
   */
  TickRewriter(MethodVisitor mv, boolean fields, boolean entryTick) {
    super(Opcodes.ASM9, mv);
    this.fields = fields;
    this.entryPending = entryTick;
  }

  @Override
  public void visitLabel(Label label) {
    seen.add(label);
    if (entryPending) {
      head.add(label);
      atHead.add(() -> super.visitLabel(label));
    } else {
      super.visitLabel(label);
    }
  }

  @Override
  public void visitLineNumber(int line, Label start) {
    if (entryPending) {
      atHead.add(() -> super.visitLineNumber(line, start));
    } else {
      super.visitLineNumber(line, start);
    }
  }

  @Override
  public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
    if (entryPending) {
      atHead.add(() -> super.visitFrame(type, numLocal, local, numStack, stack));
    } else {
      super.visitFrame(type, numLocal, local, numStack, stack);
    }
  }

  @Override
  public void visitJumpInsn(int opcode, Label label) {
    entry();
    if (seen.contains(label) && !head.contains(label)) {
      tick();
    }
    super.visitJumpInsn(opcode, label);
  }

  @Override
  public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
    entry();
    if (fields) {
      tick();
    }
    super.visitFieldInsn(opcode, owner, name, descriptor);
  }

  @Override
  public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean itf) {
    entry();
    if (fields
        && (owner.startsWith("java/util/concurrent/atomic/") || owner.equals("java/lang/invoke/VarHandle"))) {
      tick();
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, itf);
  }

  @Override
  public void visitInsn(int opcode) {
    entry();
    super.visitInsn(opcode);
  }

  @Override
  public void visitIntInsn(int opcode, int operand) {
    entry();
    super.visitIntInsn(opcode, operand);
  }

  @Override
  public void visitVarInsn(int opcode, int varIndex) {
    entry();
    super.visitVarInsn(opcode, varIndex);
  }

  @Override
  public void visitTypeInsn(int opcode, String type) {
    entry(opcode == Opcodes.NEW);
    super.visitTypeInsn(opcode, type);
  }

  @Override
  public void visitInvokeDynamicInsn(String name, String descriptor, org.objectweb.asm.Handle bsm, Object... bsmArgs) {
    entry();
    super.visitInvokeDynamicInsn(name, descriptor, bsm, bsmArgs);
  }

  @Override
  public void visitLdcInsn(Object value) {
    entry();
    super.visitLdcInsn(value);
  }

  @Override
  public void visitIincInsn(int varIndex, int increment) {
    entry();
    super.visitIincInsn(varIndex, increment);
  }

  @Override
  public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
    entry();
    super.visitTableSwitchInsn(min, max, dflt, labels);
  }

  @Override
  public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
    entry();
    super.visitLookupSwitchInsn(dflt, keys, labels);
  }

  @Override
  public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
    entry();
    super.visitMultiANewArrayInsn(descriptor, numDimensions);
  }

  /** The entry tick, once, right before the program's first instruction (after its labels). */
  private void entry() {
    entry(false);
  }

  /**
   * The entry tick, once: after what stands at the first instruction, or before it if {@code
   * beforeLabels} (the first instruction is a {@code new}: a stack map frame names the object it
   * makes by the label at that instruction, which must stay on it; a jump back there then ticks
   * itself, as any other).
   */
  private void entry(boolean beforeLabels) {
    if (!entryPending) {
      return;
    }
    entryPending = false;
    if (beforeLabels) {
      tick();
      head.clear();
    }
    atHead.forEach(Runnable::run);
    atHead.clear();
    if (!beforeLabels) {
      tick();
    }
  }

  private void tick() {
    HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, "onTick", "()V");
  }
}
