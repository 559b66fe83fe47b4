package ttd.agent.instrument;

import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import ttd.agent.value.ValueCodec;
import ttd.log.EventKind;

/**
 * One row of the {@link CaptureTable}: a JDK method (or field) whose result or effect ttd captures,
 * the hook that stands in for it, the event the hook logs and how the bytecode is rewritten.
 *
 * <p>A row is data; the rewriters read it. {@link #owner}, {@link #name} and {@link #desc} are the
 * JDK's own (internal names, JVM descriptors), and the hook's descriptor is derived from them by
 * {@link #how} wherever it can be, so that nothing is typed twice.
 *
 * @param owner the internal name of the JDK class that declares the method (or field)
 * @param name the method's (or field's) name
 * @param desc the method's descriptor (a field's type descriptor for a field)
 * @param isStatic whether the method is static
 * @param how how call sites or the method's body are rewritten
 * @param hookOwner the internal name of the hook's bootstrap class in {@code ttd.runtime}
 * @param hookName the hook's name
 * @param hookDesc the hook's descriptor
 * @param event the kind of event the hook logs, or null where the session decides (several kinds,
 *     a scheduling decision, or nothing logged)
 * @param callers where call sites are rewritten: {@link #ANY}, {@link #APPLICATION}, or the
 *     internal names of the JDK classes whose calls are; for {@link Rewrite#BODY} the one class
 *     whose bytecode the instrumentation changes
 * @param named how the callee may be named at a call site ({@link Named#EXACTLY} for all but the
 *     scheduler's calls)
 * @param notIn classes whose own calls are left alone (the callee's class itself)
 * @param clock whether the site is a clock read, skipped where {@link IgnoredTypes#clockSites}
 *     says so
 * @param scanOwner whether the quick scan looks for the owner's name in a class's constant pool
 *     rather than the method's (for natives whose many names are common words)
 * @param jdks the feature releases where the JDK method exists
 * @param instrumentation for {@link Rewrite#BODY}: the type instrumentation that makes the change
 *     (null for the other ways, whose rewriters read the rows themselves)
 * @param codec for a {@link Rewrite#RESULT_AT_CALL_SITE} or {@link Rewrite#VALUE_INSTEAD_OF_CALL}
 *     row: how the result (boxed if primitive) is logged and rebuilt; its hook is then {@code
 *     Hooks.onValue} or {@code Hooks.onValueCall} (null for the others)
 */
record Capture(
    String owner,
    String name,
    String desc,
    boolean isStatic,
    Rewrite how,
    String hookOwner,
    String hookName,
    String hookDesc,
    EventKind event,
    Set<String> callers,
    Named named,
    Set<String> notIn,
    boolean clock,
    boolean scanOwner,
    Jdks jdks,
    TypeInstrumentation instrumentation,
    ValueCodec<?> codec) {

  /** {@link #callers}: every class, the JDK's included. */
  static final Set<String> ANY = Set.of("*");
  /** {@link #callers}: the program's classes only (those an application loader defines). */
  static final Set<String> APPLICATION = Set.of("application");

  /** How a captured JDK method is rewritten: which of these to pick is in docs/design/interception.md. */
  enum Rewrite {
    /**
     * The call stays; its result and the site's id go through the hook, {@code hook(result, site)},
     * which returns what the program sees. For a value the JVM computes in native code or an
     * intrinsic that any class, the JDK's included, may call (clocks, {@code Runtime}'s figures).
     * A row with a {@link #codec} goes through {@code Hooks.onValue(result, site, capture)} and a
     * cast back to the method's type instead (a primitive boxed and unboxed): the way to capture a
     * new value.
     */
    RESULT_AT_CALL_SITE,
    /**
     * The call is replaced by {@code Hooks.onValueCall(args, site, capture)}: its arguments (a
     * primitive last one boxed) in an array, and the result cast back. The session makes the real
     * call while recording and logs its result, or what it threw, through the row's {@link #codec};
     * a replay makes no call. For a static method whose call must not run in a replay: it asks the
     * machine (its network interfaces, which another machine lacks) or a terminal that a replay
     * through a pipe does not have.
     */
    VALUE_INSTEAD_OF_CALL,
    /**
     * The call is replaced by a static hook with the same operands (an instance method's receiver
     * first): the hook decides whether the real call happens. For natives called from a few JDK
     * classes, and for the scheduler's waits and notifications in any class.
     */
    REPLACED_AT_CALL_SITE,
    /**
     * The call is replaced by {@code NativeIoHooks.onNativeIo<Result>(operands..., op)}: the rows
     * of {@link ttd.agent.io.NativeIoTable}, which also says in which classes.
     */
    NATIVE_IO,
    /**
     * A {@link TypeInstrumentation} changes the body of a method of {@link #callers}' one class:
     * a hook at entry or return, or around a call or field read that needs more than an exchange.
     */
    BODY
  }

  /** How the callee may be named at a call site. */
  enum Named {
    /** Only through {@link #owner}. */
    EXACTLY,
    /** Through {@code Thread} or any subclass that does not declare it ({@link ThreadMethods}). */
    THROUGH_THREAD_SUBCLASSES,
    /** Through any class: a final method of {@code Object}. */
    THROUGH_ANY_CLASS
  }

  /**
   * The JDK releases a row applies to: feature releases, and for a method a JDK 17 update took from
   * a later release, the 17 updates that have it ({@code Console.ttyStatus} replaced {@code istty}
   * in 17.0.20; 17.0.19 still had {@code istty}).
   */
  enum Jdks {
    ALL(0, Integer.MAX_VALUE),
    UNTIL_17(0, 17),
    AFTER_17(18, Integer.MAX_VALUE),
    UNTIL_21(0, 21),
    FROM_22(22, Integer.MAX_VALUE),
    UNTIL_21_BUT_17_BEFORE_UPDATE_20(0, 21, 0, 19),
    FROM_22_AND_17_FROM_UPDATE_20(22, Integer.MAX_VALUE, 20, Integer.MAX_VALUE);

    final int from;
    final int until;
    /** The first and last JDK 17 update the row applies to (from > until: none). */
    final int from17Update;
    final int until17Update;

    Jdks(int from, int until) {
      this(from, until, from <= 17 && 17 <= until ? 0 : 1, from <= 17 && 17 <= until ? Integer.MAX_VALUE : 0);
    }

    Jdks(int from, int until, int from17Update, int until17Update) {
      this.from = from;
      this.until = until;
      this.from17Update = from17Update;
      this.until17Update = until17Update;
    }

    boolean includes(Runtime.Version jdk) {
      if (jdk.feature() == 17) {
        return jdk.update() >= from17Update && jdk.update() <= until17Update;
      }
      return jdk.feature() >= from && jdk.feature() <= until;
    }
  }

  /** Whether this row is a field read rather than a method. */
  boolean isField() {
    return desc.indexOf('(') < 0;
  }

  /** Whether the row's call sites are rewritten in {@code caller}, an application class or not. */
  boolean rewritesIn(String caller, boolean appClass) {
    if (notIn.contains(caller)) {
      return false;
    }
    if (callers == ANY) {
      return true;
    }
    return callers == APPLICATION ? appClass : callers.contains(caller);
  }

  /** Whether a call instruction's opcode can be a call of this row's method. */
  boolean acceptsOpcode(int op) {
    if (isStatic) {
      return op == Opcodes.INVOKESTATIC;
    }
    switch (how) {
      case RESULT_AT_CALL_SITE:
        return true;
      case REPLACED_AT_CALL_SITE:
        // the scheduler's rows, named through classes: invokevirtual, invokespecial of super.x(),
        // and for Object's methods invokeinterface (`map.wait()` as javac before 18 compiled it)
        return named == Named.EXACTLY
            ? op != Opcodes.INVOKESTATIC
            : op == Opcodes.INVOKEVIRTUAL || op == Opcodes.INVOKESPECIAL
                || op == Opcodes.INVOKEINTERFACE && owner.equals("java/lang/Object");
      default:
        return op != Opcodes.INVOKESTATIC;
    }
  }

  /** {@code owner.name+desc}, as reports and tests name the JDK method. */
  String method() {
    return owner + "." + name + desc;
  }

  /** {@code hookOwner.hookName+hookDesc}. */
  String hook() {
    return hookOwner + "." + hookName + hookDesc;
  }

  /** The descriptor of {@code hook(result, site)} for a method with descriptor {@code desc}. */
  static String resultHookDescriptor(String desc) {
    String value = desc.substring(desc.indexOf(')') + 1);
    return "(" + value + "I)" + value;
  }

  /**
   * The descriptor of a hook that replaces a call: the receiver (as {@code receiver}, a descriptor)
   * unless static, the arguments (each outside {@code java/lang} as {@code Object} if {@code
   * widen}), the same result.
   */
  static String replacingHookDescriptor(String desc, String receiver, boolean widen) {
    StringBuilder s = new StringBuilder("(");
    if (receiver != null) {
      s.append(receiver);
    }
    for (Type a : Type.getArgumentTypes(desc)) {
      s.append(widen && a.getSort() == Type.OBJECT && !a.getInternalName().startsWith("java/lang/")
          ? "Ljava/lang/Object;" : a.getDescriptor());
    }
    return s.append(')').append(Type.getReturnType(desc).getDescriptor()).toString();
  }
}
