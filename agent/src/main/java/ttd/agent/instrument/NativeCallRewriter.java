package ttd.agent.instrument;

import java.util.Map;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Replaces calls of a class's own private natives with static hooks taking the receiver first:
 * {@code this.readBytes(b, off, len)} becomes {@code FileHooks.onFileInputRead(this, b, off, len)}.
 * The operand stack is the same before and after, so nothing else in the method changes.
 */
final class NativeCallRewriter extends MethodVisitor {

  private final String owner;
  private final String self;
  private final Map<String, String> hooks;
  private final boolean[] changed;

  NativeCallRewriter(
      MethodVisitor mv, String owner, String self, Map<String, String> hooks, boolean[] changed) {
    super(Opcodes.ASM9, mv);
    this.owner = owner;
    this.self = self;
    this.hooks = hooks;
    this.changed = changed;
  }

  @Override
  public void visitMethodInsn(int op, String calleeOwner, String callee, String desc, boolean itf) {
    String hook =
        calleeOwner.equals(owner) && op != Opcodes.INVOKESTATIC ? hooks.get(callee + desc) : null;
    if (hook == null) {
      super.visitMethodInsn(op, calleeOwner, callee, desc, itf);
      return;
    }
    changed[0] = true;
    super.visitMethodInsn(
        Opcodes.INVOKESTATIC, HookCalls.FILE_HOOKS, hook, "(" + self + desc.substring(1), false);
  }
}
