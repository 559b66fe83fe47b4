package ttd.agent.instrument;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Keeps a rewritten method's first line and its parameters where a debugger looks for them: at
 * offset 0. The agent puts code before the program's first instruction (the entry tick, a
 * synchronized method's monitor, the hooks of {@code main} and {@code run}), and without this the
 * method's first line and the range of {@code this} and its parameters would begin after that
 * code. A step into the method ends at offset 0, where a debugger then saw no line, no {@code
 * this} (JDWP's INVALID_SLOT) and not the breakpoint a {@code stop in} had set at the first line,
 * which it met one step later as if hit again.
 *
 * <p>The innermost visitor, next to the class writer, so the label it places comes before
 * whatever the others insert. It moves the first line entry (not adds one: two entries of a line
 * would make a breakpoint on it stop twice) and only the local variables that are parameters:
 * they hold their values from offset 0 on, while a local declared at the first line does not.
 */
final class EntryLines extends MethodVisitor {

  private final Label start = new Label();
  private final int parameterSlots;
  private Label firstLine;

  EntryLines(MethodVisitor mv, int access, String desc) {
    super(Opcodes.ASM9, mv);
    int slots = (access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
    for (Type t : Type.getArgumentTypes(desc)) {
      slots += t.getSize();
    }
    this.parameterSlots = slots;
  }

  @Override
  public void visitCode() {
    super.visitCode();
    super.visitLabel(start);
  }

  @Override
  public void visitLineNumber(int line, Label label) {
    if (firstLine == null) {
      firstLine = label;
      super.visitLineNumber(line, start);
    } else {
      super.visitLineNumber(line, label);
    }
  }

  @Override
  public void visitLocalVariable(
      String name, String descriptor, String signature, Label from, Label to, int index) {
    boolean parameter = index < parameterSlots && from == firstLine;
    super.visitLocalVariable(name, descriptor, signature, parameter ? start : from, to, index);
  }
}
