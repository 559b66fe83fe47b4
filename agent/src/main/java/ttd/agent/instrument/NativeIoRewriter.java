package ttd.agent.instrument;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import ttd.agent.io.NativeIoTable;

/**
 * Replaces the calls {@link NativeIoTable} names with {@code NativeIoHooks.onNativeIo<Result>(args...,
 * op)}: the operation number is pushed after the call's own arguments, so the operand stack needs
 * nothing else. Types a bootstrap hook cannot name (anything but a few public {@code java.*}
 * types) are passed as {@code Object}; the verifier accepts any reference there.
 *
 * <p>In a program's class, a call that reaches such a native for some receivers only (an
 * interface's, a subclass's, one a subclass may override, a {@code super} call naming a subclass)
 * becomes a call of one of the class's {@link NativeIoBridges}, which decides per receiver.
 */
final class NativeIoRewriter extends MethodVisitor {

  static final String HOOKS = "ttd/runtime/NativeIoHooks";

  private final String caller;
  private final String method;
  private final boolean[] changed;
  private final ClassEffects effects;
  private final NativeIoBridges bridges;
  private int line = -1;

  /** @param bridges the class's bridges, or null where calls are replaced only where they name the JDK's method */
  NativeIoRewriter(
      MethodVisitor mv, String caller, String method, boolean[] changed, ClassEffects effects, NativeIoBridges bridges) {
    super(Opcodes.ASM9, mv);
    this.effects = effects;
    this.bridges = bridges;
    this.caller = caller;
    this.method = method;
    this.changed = changed;
  }

  @Override
  public void visitLineNumber(int line, Label start) {
    this.line = line;
    super.visitLineNumber(line, start);
  }

  @Override
  public void visitMethodInsn(int op, String owner, String name, String desc, boolean itf) {
    NativeIoTable.Entry e = NativeIoTable.find(caller, owner, name, desc);
    NativeIoTable.Entry perReceiver = bridges == null || name.equals("<init>") ? null
        : e == null ? NativeIoTable.reachedByDispatch(op, owner, name, desc, itf)
        : e.reachedByDispatch && op == Opcodes.INVOKEVIRTUAL ? e : null;
    if (perReceiver != null) {
      changed[0] = true;
      effects.replaced(caller, method, line, perReceiver.owner, perReceiver.name);
      bridges.call(mv, op, owner, name, desc, itf, perReceiver);
      return;
    }
    if (e == null || e.isStatic != (op == Opcodes.INVOKESTATIC)) {
      super.visitMethodInsn(op, owner, name, desc, itf);
      return;
    }
    changed[0] = true;
    effects.replaced(caller, method, line, e.owner, e.name);
    HookCalls.pushInt(mv, e.op);
    super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, hookName(desc), hookDescriptor(e), false);
  }

  static String hookName(String desc) {
    switch (Type.getReturnType(desc).getSort()) {
      case Type.VOID:
        return "onNativeIoVoid";
      case Type.INT:
        return "onNativeIoInt";
      case Type.LONG:
        return "onNativeIoLong";
      case Type.BOOLEAN:
        return "onNativeIoBoolean";
      default:
        return desc.endsWith(")[I") ? "onNativeIoInts" : "onNativeIoBytes";
    }
  }

  /** The hook's descriptor: receiver (if any), arguments, then the operation. */
  static String hookDescriptor(NativeIoTable.Entry e) {
    StringBuilder b = new StringBuilder("(");
    if (!e.isStatic) {
      b.append(visible(Type.getObjectType(e.owner)));
    }
    for (Type t : Type.getArgumentTypes(e.desc)) {
      b.append(visible(t));
    }
    return b.append("I)").append(visible(Type.getReturnType(e.desc))).toString();
  }

  private static String visible(Type t) {
    String d = t.getDescriptor();
    if (t.getSort() != Type.OBJECT
        || d.equals("Ljava/lang/String;")
        || d.equals("Ljava/io/File;")
        || d.equals("Ljava/io/FileDescriptor;")) {
      return d;
    }
    return "Ljava/lang/Object;";
  }
}
