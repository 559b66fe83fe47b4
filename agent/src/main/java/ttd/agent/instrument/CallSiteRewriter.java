package ttd.agent.instrument;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites call sites of sources that cannot be hooked from inside: the clock natives, which are
 * JVM intrinsics, {@code Runtime}'s VM figures, the host name, sleeps and timed waits.
 *
 * <p>Value sources keep their real call and pass the result, with the site's id, through a hook
 * (Fray's {@code TimeInstrumenter} does the same). Sleeps and timed waits are replaced by hooks
 * with the same stack shape, so replay can return at once. Applied to every class, the JDK's
 * included, so that {@code Date}, {@code Instant.now()}, {@code Random()} and the rest are covered.
 */
final class CallSiteRewriter extends MethodVisitor {

  private final String owner;
  private final String method;
  private final String sourceFile;
  private final boolean clockSites;
  private final boolean appClass;
  private final boolean[] changed;
  private final ThreadMethods threadMethods;
  private int line;

  CallSiteRewriter(
      MethodVisitor mv, String owner, String method, String sourceFile, boolean clockSites,
      boolean appClass, boolean[] changed, ThreadMethods threadMethods) {
    super(Opcodes.ASM9, mv);
    this.threadMethods = threadMethods;
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
    String hook = valueHook(op, calleeOwner, name, desc);
    if (hook != null) {
      super.visitMethodInsn(op, calleeOwner, name, desc, itf);
      HookCalls.pushInt(mv, site());
      String value = desc.substring(desc.indexOf(')') + 1);
      HookCalls.call(mv, hook, "(" + value + "I)" + value);
      changed[0] = true;
      return;
    }
    if (op == Opcodes.INVOKESTATIC
        && name.equals("sleep")
        && (desc.equals("(J)V") || desc.equals("(JI)V"))
        && !owner.equals("java/lang/Thread")
        && threads(calleeOwner, name, desc)) {
      HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, "onThreadSleep", desc);
      changed[0] = true;
      return;
    }
    if (instance(op)
        && name.equals("wait")
        && (desc.equals("(J)V") || desc.equals("(JI)V"))
        && !owner.equals("java/lang/Object")) {
      HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, "onObjectWait", "(Ljava/lang/Object;" + desc.substring(1));
      changed[0] = true;
      return;
    }
    String schedule = scheduleHook(op, calleeOwner, name, desc);
    if (schedule != null) {
      int shape = schedule.indexOf('(');
      HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, schedule.substring(0, shape), schedule.substring(shape));
      changed[0] = true;
      return;
    }
    super.visitMethodInsn(op, calleeOwner, name, desc, itf);
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

  /** {@code invokevirtual}, or {@code invokespecial} of a method ({@code super.wait()}). */
  private static boolean instance(int op) {
    return op == Opcodes.INVOKEVIRTUAL || op == Opcodes.INVOKESPECIAL;
  }

  /** Whether the call resolves to {@code Thread}'s own method, named through any subclass. */
  private boolean threads(String calleeOwner, String name, String desc) {
    return calleeOwner.equals("java/lang/Thread")
        || threadMethods != null && threadMethods.resolvesToThread(calleeOwner, name, desc);
  }

  /**
   * The scheduler's call sites, as hook name and descriptor: untimed waits, notifies (application
   * code only: the JDK's own monitors are not in the model), joins, yields and spin waits (named
   * through {@code Thread} or any subclass), a thread's liveness and state as application code
   * asks for them, and {@code Unsafe.park/unpark} (behind {@code LockSupport} and so all of
   * java.util.concurrent). Object's and Thread's methods here are final or static, so a subclass
   * cannot override them (but for {@code getState}, which stays the subclass's own when it declares
   * one); a static one it hides is its own.
   */
  private String scheduleHook(int op, String calleeOwner, String name, String desc) {
    if (instance(op) && !owner.equals("java/lang/Object")) {
      if (name.equals("wait") && desc.equals("()V")) {
        return "onObjectWait(Ljava/lang/Object;)V";
      }
      if (appClass && desc.equals("()V") && (name.equals("notify") || name.equals("notifyAll"))) {
        return name.equals("notify")
            ? "onObjectNotify(Ljava/lang/Object;)V"
            : "onObjectNotifyAll(Ljava/lang/Object;)V";
      }
    }
    if (owner.equals("java/lang/Thread") || owner.equals("java/lang/VirtualThread")) {
      return null;
    }
    if (instance(op) && name.equals("join")
        && (desc.equals("()V") || desc.equals("(J)V") || desc.equals("(JI)V"))
        && threads(calleeOwner, name, desc)) {
      return "onThreadJoin(Ljava/lang/Thread;" + desc.substring(1);
    }
    if (appClass && instance(op) && name.equals("isAlive") && desc.equals("()Z")
        && threads(calleeOwner, name, desc)) {
      return "onThreadIsAlive(Ljava/lang/Thread;)Z";
    }
    if (instance(op) && name.equals("isInterrupted") && desc.equals("()Z")
        && threads(calleeOwner, name, desc)) {
      return "onThreadIsInterrupted(Ljava/lang/Thread;)Z";
    }
    if (appClass && instance(op) && name.equals("getState") && desc.equals("()Ljava/lang/Thread$State;")
        && threads(calleeOwner, name, desc)) {
      return "onThreadGetState(Ljava/lang/Thread;)Ljava/lang/Thread$State;";
    }
    if (op == Opcodes.INVOKESTATIC && desc.equals("()V")
        && (name.equals("yield") || name.equals("onSpinWait"))
        && threads(calleeOwner, name, desc)) {
      return "onThreadYield()V";
    }
    if (calleeOwner.equals("jdk/internal/misc/Unsafe") && op == Opcodes.INVOKEVIRTUAL) {
      if (name.equals("park") && desc.equals("(ZJ)V")) {
        return "onThreadPark(Ljava/lang/Object;ZJ)V";
      }
      if (name.equals("unpark") && desc.equals("(Ljava/lang/Object;)V")) {
        return "onThreadUnpark(Ljava/lang/Object;Ljava/lang/Object;)V";
      }
    }
    return null;
  }

  private String valueHook(int op, String calleeOwner, String name, String desc) {
    if (ManagementCalls.exchanged(calleeOwner, name, desc)) {
      return "onManagementValue";
    }
    switch (calleeOwner) {
      case "java/lang/System":
        if (!clockSites || op != Opcodes.INVOKESTATIC) {
          return null;
        }
        if (name.equals("currentTimeMillis") && desc.equals("()J")) {
          return "onSystemCurrentTimeMillis";
        }
        return name.equals("nanoTime") && desc.equals("()J") ? "onSystemNanoTime" : null;
      case "jdk/internal/misc/VM":
        return clockSites && name.equals("getNanoTimeAdjustment") && desc.equals("(J)J")
            ? "onVmNanoTimeAdjustment"
            : null;
      case "java/lang/Runtime":
        if (name.equals("availableProcessors") && desc.equals("()I")) {
          return "onRuntimeAvailableProcessors";
        }
        return desc.equals("()J")
                && (name.equals("freeMemory") || name.equals("totalMemory") || name.equals("maxMemory"))
            ? "onRuntimeMemory"
            : null;
      case "java/net/InetAddressImpl":
        return name.equals("getLocalHostName") && desc.equals("()Ljava/lang/String;")
            ? "onInetAddressHostName"
            : null;
      default:
        return null;
    }
  }

  private int site() {
    String where = sourceFile == null ? "Unknown Source" : sourceFile + (line > 0 ? ":" + line : "");
    String name = owner.replace('/', '.') + "." + method + "(" + where + ")";
    return CallSites.register(name, IgnoredTypes.seedsRandomness(owner));
  }
}
