package ttd.agent.instrument;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * One JDK class whose calls of a few captured methods are replaced by their hooks ({@link
 * Capture.Rewrite#REPLACED_AT_CALL_SITE} rows that name it): the network natives where the
 * networking classes call them, {@code FileInputStream}'s and {@code FileOutputStream}'s private
 * natives where their class calls them, {@code SecureRandom}'s calls of its engine. The hook takes
 * the same operands (an instance method's receiver first), so the operand stack is the same before
 * and after and nothing else in the method changes.
 */
final class CallsInType implements TypeInstrumentation {

  private final String type;
  /** owner + '.' + name + desc -> row. */
  private final Map<String, Capture> rows = new HashMap<>();

  CallsInType(String type, List<Capture> rows) {
    this.type = type;
    for (Capture c : rows) {
      this.rows.put(c.method(), c);
    }
  }

  @Override
  public String typeName() {
    return type;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    return new MethodVisitor(Opcodes.ASM9, mv) {
      private int line = -1;

      @Override
      public void visitLineNumber(int line, Label start) {
        this.line = line;
        super.visitLineNumber(line, start);
      }

      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        Capture c = rows.get(owner + "." + callee + d);
        if (c == null || !c.acceptsOpcode(op)) {
          super.visitMethodInsn(op, owner, callee, d, itf);
          return;
        }
        changed[0] = true;
        HookedMethods.replaced(type, name, line, c.owner(), c.name());
        super.visitMethodInsn(Opcodes.INVOKESTATIC, c.hookOwner(), c.hookName(), c.hookDesc(), false);
      }
    };
  }
}
