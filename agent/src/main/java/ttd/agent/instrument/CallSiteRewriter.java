package ttd.agent.instrument;

import java.util.List;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Rewrites call sites of sources that cannot be hooked from inside: the clock natives, which are
 * JVM intrinsics, {@code Runtime}'s VM figures, the host name, the management figures, sleeps,
 * waits and the scheduler's other calls: the {@link CaptureTable}'s rows rewritten in any class.
 *
 * <p>Value sources ({@link Capture.Rewrite#RESULT_AT_CALL_SITE}) keep their real call and pass the
 * result, with the site's id, through a hook (Fray's {@code TimeInstrumenter} does the same).
 * Sleeps and waits ({@link Capture.Rewrite#REPLACED_AT_CALL_SITE}) are replaced by hooks with the
 * same stack shape, so replay can return at once; calls a recorded value replaces ({@link
 * Capture.Rewrite#VALUE_INSTEAD_OF_CALL}) hand their operands to the hook in an array. Applied to every class, the JDK's included, so
 * that {@code Date}, {@code Instant.now()}, {@code Random()} and the rest are covered.
 */
final class CallSiteRewriter extends MethodVisitor {

  private final String owner;
  private final String method;
  private final String sourceFile;
  private final boolean clockSites;
  private final boolean appClass;
  private final boolean[] changed;
  private final ThreadMethods threadMethods;
  private final ClassEffects effects;
  private int line;

  CallSiteRewriter(
      MethodVisitor mv, String owner, String method, String sourceFile, boolean clockSites,
      boolean appClass, boolean[] changed, ThreadMethods threadMethods, ClassEffects effects) {
    super(Opcodes.ASM9, mv);
    this.threadMethods = threadMethods;
    this.effects = effects;
    this.owner = owner;
    this.method = method;
    this.sourceFile = sourceFile;
    this.clockSites = clockSites;
    this.appClass = appClass;
    this.changed = changed;
  }

  @Override
  public void visitLineNumber(int line, Label start) {
    this.line = line;
    super.visitLineNumber(line, start);
  }

  @Override
  public void visitMethodInsn(int op, String calleeOwner, String name, String desc, boolean itf) {
    Capture c = capture(op, calleeOwner, name, desc);
    if (c == null) {
      super.visitMethodInsn(op, calleeOwner, name, desc, itf);
      return;
    }
    changed[0] = true;
    Type result = Type.getReturnType(desc);
    if (c.how() == Capture.Rewrite.VALUE_INSTEAD_OF_CALL) {
      argumentsInArray(Type.getArgumentTypes(desc));
      HookCalls.pushInt(mv, site());
    } else if (c.how() == Capture.Rewrite.RESULT_AT_CALL_SITE) {
      super.visitMethodInsn(op, calleeOwner, name, desc, itf);
      if (c.codec() != null) {
        HookCalls.box(mv, result);
      }
      HookCalls.pushInt(mv, site());
    }
    if (c.codec() != null) {
      HookCalls.pushInt(mv, CaptureTable.valueNumber(c));
    }
    HookCalls.call(mv, c.hookOwner(), c.hookName(), c.hookDesc());
    if (c.codec() != null) {
      HookCalls.castBack(mv, result);
    }
  }

  /**
   * Turns the call's operands on the stack into one {@code Object[]}, without locals or branches:
   * the last boxed if primitive (the only one that may be, {@code CaptureTableTest}), then the
   * array, into which each operand below it is stored from the last to the first.
   */
  private void argumentsInArray(Type[] args) {
    if (args.length > 0) {
      HookCalls.box(mv, args[args.length - 1]);
    }
    HookCalls.pushInt(mv, args.length);
    mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
    for (int i = args.length - 1; i >= 0; i--) {
      mv.visitInsn(Opcodes.DUP_X1); // operand, array -> array, operand, array
      mv.visitInsn(Opcodes.SWAP); // array, array, operand
      HookCalls.pushInt(mv, i);
      mv.visitInsn(Opcodes.SWAP); // array, array, index, operand
      mv.visitInsn(Opcodes.AASTORE);
    }
  }

  @Override
  public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
    Handle hook = clockSites ? ClockMethodReferences.hookFor(bsm, args) : null;
    if (hook == null) {
      super.visitInvokeDynamicInsn(name, desc, bsm, args);
      return;
    }
    Object[] pointed = args.clone();
    pointed[1] = hook;
    HookCalls.pushInt(mv, site());
    super.visitInvokeDynamicInsn(name, ClockMethodReferences.withSite(desc), bsm, pointed);
    changed[0] = true;
  }

  /** The row of the {@link CaptureTable} this call is a call of, if it is rewritten here. */
  private Capture capture(int op, String calleeOwner, String name, String desc) {
    List<Capture> rows = CaptureTable.AT_ANY_CALL_SITE.get(name);
    if (rows == null) {
      return null;
    }
    for (Capture c : rows) {
      if (c.desc().equals(desc)
          && c.acceptsOpcode(op)
          && (clockSites || !c.clock())
          && c.rewritesIn(owner, appClass)
          && names(c, calleeOwner)) {
        return c;
      }
    }
    return null;
  }

  /** Whether {@code calleeOwner} names the row's method. */
  private boolean names(Capture c, String calleeOwner) {
    switch (c.named()) {
      case THROUGH_ANY_CLASS:
        return true;
      case THROUGH_THREAD_SUBCLASSES:
        return calleeOwner.equals(c.owner())
            || threadMethods != null && effects.resolvesToThread(threadMethods, calleeOwner, c.name(), c.desc());
      default:
        return calleeOwner.equals(c.owner());
    }
  }

  private int site() {
    String where = sourceFile == null ? "Unknown Source" : sourceFile + (line > 0 ? ":" + line : "");
    String name = owner.replace('/', '.') + "." + method + "(" + where + ")";
    return effects.site(name, IgnoredTypes.seedsRandomness(owner));
  }
}
