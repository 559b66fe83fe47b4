package ttd.agent.instrument;

import java.util.Map;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Replaces a class's calls of instance methods of one type (its own private natives, or {@code
 * SecureRandom}'s calls of its engine) with static hooks taking the receiver first: {@code
 * this.readBytes(b, off, len)} becomes {@code FileHooks.onFileInputRead(this, b, off, len)}. The
 * operand stack is the same before and after, so nothing else in the method changes.
 */
final class NativeCallRewriter extends MethodVisitor {

  private final String owner;
  private final String self;
  private final Map<String, String> hooks;
  private final String hookClass;
  private final boolean[] changed;

  /** Rewrites to {@link HookCalls#FILE_HOOKS}. */
  NativeCallRewriter(
      MethodVisitor mv, String owner, String self, Map<String, String> hooks, boolean[] changed) {
    this(mv, owner, self, hooks, HookCalls.FILE_HOOKS, changed);
  }

  /**
   * @param owner the internal name of the callee's class as the calls name it
   * @param self the receiver's type as the hooks' first parameter (a descriptor)
   * @param hooks callee name + descriptor -> hook name
   * @param hookClass the internal name of the class holding the hooks
   */
  NativeCallRewriter(
      MethodVisitor mv, String owner, String self, Map<String, String> hooks, String hookClass,
      boolean[] changed) {
    super(Opcodes.ASM9, mv);
    this.owner = owner;
    this.self = self;
    this.hooks = hooks;
    this.hookClass = hookClass;
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
        Opcodes.INVOKESTATIC, hookClass, hook, "(" + self + desc.substring(1), false);
  }
}
