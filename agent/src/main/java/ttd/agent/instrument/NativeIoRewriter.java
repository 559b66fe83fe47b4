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
 */
final class NativeIoRewriter extends MethodVisitor {

  static final String HOOKS = "ttd/runtime/NativeIoHooks";

  private final String caller;
  private final String method;
  private final boolean[] changed;
  private final ClassEffects effects;
  private int line = -1;

  NativeIoRewriter(MethodVisitor mv, String caller, String method, boolean[] changed, ClassEffects effects) {
    super(Opcodes.ASM9, mv);
    this.effects = effects;
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
