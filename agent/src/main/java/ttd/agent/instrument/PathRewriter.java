package ttd.agent.instrument;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.agent.path.PathIds;

/**
 * The divergence finder's steps in a method of the program that calls something (recordings
 * made with the {@code path} option, and their replays): {@code PathHooks} calls at its entry,
 * before each return, at the start of each handler of a typed {@code catch}, before each
 * backward jump (where the tick is) and before each call of a JDK method, each with the id
 * {@link PathIds} gives the method or the call site.
 *
 * <p>Everything inserted is straight-line code that leaves the operand stack as it found it, and a
 * handler's call goes after its stack map frame, so frames stay valid. Catch-all handlers
 * ({@code finally}, {@code synchronized}) get none: a call inside javac's catch-all range of a
 * monitor makes C1 refuse the whole method, and the frames an exception left are popped at the
 * next return or catch below them anyway ({@code ShadowStack}).
 */
final class PathRewriter extends MethodVisitor {

  private static final String PATH_HOOKS = "ttd/runtime/PathHooks";

  private final int method;
  private final String methodKey;
  private final String source;
  private final Set<Label> seen = new HashSet<>();
  private final Set<Label> handlers = new HashSet<>();
  private boolean handlerStarts;
  private int line;
  private int jdkCalls;

  PathRewriter(MethodVisitor mv, String owner, String name, String desc, String source) {
    super(Opcodes.ASM9, mv);
    this.method = PathIds.method(owner, name, desc, source);
    this.methodKey = PathIds.methodKey(owner, name, desc);
    this.source = source;
  }

  @Override
  public void visitCode() {
    super.visitCode();
    hook("onEnter", method);
  }

  @Override
  public void visitLineNumber(int number, Label start) {
    if (line == 0) {
      PathIds.firstLine(method, number);
    }
    line = number;
    super.visitLineNumber(number, start);
  }

  @Override
  public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
    if (type != null) {
      handlers.add(handler);
    }
    super.visitTryCatchBlock(start, end, handler, type);
  }

  @Override
  public void visitLabel(Label label) {
    seen.add(label);
    if (handlers.contains(label)) {
      handlerStarts = true;
    }
    super.visitLabel(label);
  }

  @Override
  public void visitInsn(int opcode) {
    instruction();
    if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
      hook("onExit", method);
    }
    super.visitInsn(opcode);
  }

  @Override
  public void visitJumpInsn(int opcode, Label label) {
    instruction();
    if (seen.contains(label)) {
      HookCalls.call(mv, PATH_HOOKS, "onLoop", "()V");
    }
    super.visitJumpInsn(opcode, label);
  }

  @Override
  public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
    instruction();
    if (isJdk(owner) && !(name.equals("<init>") && owner.equals("java/lang/Object"))) {
      hook("onJdkCall", PathIds.jdkCall(methodKey, jdkCalls++, owner, name, desc, source, line));
    }
    super.visitMethodInsn(opcode, owner, name, desc, itf);
  }

  @Override
  public void visitIntInsn(int opcode, int operand) {
    instruction();
    super.visitIntInsn(opcode, operand);
  }

  @Override
  public void visitVarInsn(int opcode, int var) {
    instruction();
    super.visitVarInsn(opcode, var);
  }

  @Override
  public void visitTypeInsn(int opcode, String type) {
    instruction();
    super.visitTypeInsn(opcode, type);
  }

  @Override
  public void visitFieldInsn(int opcode, String owner, String name, String desc) {
    instruction();
    super.visitFieldInsn(opcode, owner, name, desc);
  }

  @Override
  public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
    instruction();
    super.visitInvokeDynamicInsn(name, desc, bsm, args);
  }

  @Override
  public void visitLdcInsn(Object value) {
    instruction();
    super.visitLdcInsn(value);
  }

  @Override
  public void visitIincInsn(int var, int increment) {
    instruction();
    super.visitIincInsn(var, increment);
  }

  @Override
  public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
    instruction();
    super.visitTableSwitchInsn(min, max, dflt, labels);
  }

  @Override
  public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
    instruction();
    super.visitLookupSwitchInsn(dflt, keys, labels);
  }

  @Override
  public void visitMultiANewArrayInsn(String desc, int dims) {
    instruction();
    super.visitMultiANewArrayInsn(desc, dims);
  }

  /** Before the first instruction of a typed handler (after its frame): the catch step. */
  private void instruction() {
    if (handlerStarts) {
      handlerStarts = false;
      hook("onCatch", method);
    }
  }

  private void hook(String name, int id) {
    HookCalls.pushInt(mv, id);
    HookCalls.call(mv, PATH_HOOKS, name, "(I)V");
  }

  /** Whether calls of {@code owner}'s methods go into the JDK. */
  static boolean isJdk(String owner) {
    return owner.startsWith("java/")
        || owner.startsWith("javax/")
        || owner.startsWith("jdk/")
        || owner.startsWith("sun/")
        || owner.startsWith("com/sun/");
  }
}
