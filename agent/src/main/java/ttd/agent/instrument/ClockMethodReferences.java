package ttd.agent.instrument;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;

/**
 * Method references to the clock natives ({@code System::currentTimeMillis}, {@code
 * System::nanoTime}). The JDK generates the lambda's class from the reference's handle, and that
 * class never reaches a transformer, so the read it makes would escape {@link CallSiteRewriter}:
 * a {@code LongSupplier clock = System::nanoTime} replayed with the replaying machine's clock. The
 * reference is pointed at a hook of the same shape that also takes its site's id ({@code
 * Hooks.systemNanoTimeRef(int)}), and the id is captured by the lambda, pushed just before the
 * {@code invokedynamic}. A serializable reference is left to the metafactory, which binds the clock's
 * adapter ({@link MethodReferenceInstrumentation}): its serialized form must name the JDK method.
 */
final class ClockMethodReferences {

  private static final String METAFACTORY = "java/lang/invoke/LambdaMetafactory";
  /** {@code LambdaMetafactory.FLAG_SERIALIZABLE}: such a lambda's serialized form names its target. */
  private static final int FLAG_SERIALIZABLE = 1;

  private ClockMethodReferences() {}

  /**
   * The hook that stands in for the lambda's target when {@code bsm} and {@code args} make a
   * non-serializable lambda straight from a clock native, else null.
   */
  static Handle hookFor(Handle bsm, Object[] args) {
    if (!bsm.getOwner().equals(METAFACTORY) || args.length < 3 || !(args[1] instanceof Handle target)) {
      return null;
    }
    if (bsm.getName().equals("altMetafactory")
        && (args.length < 4 || !(args[3] instanceof Integer flags) || (flags & FLAG_SERIALIZABLE) != 0)) {
      return null;
    }
    if (target.getTag() != Opcodes.H_INVOKESTATIC || !target.getOwner().equals("java/lang/System")
        || !target.getDesc().equals("()J")) {
      return null;
    }
    String hook = switch (target.getName()) {
      case "currentTimeMillis" -> "systemCurrentTimeMillisRef";
      case "nanoTime" -> "systemNanoTimeRef";
      default -> null;
    };
    return hook == null ? null : new Handle(Opcodes.H_INVOKESTATIC, HookCalls.HOOKS, hook, "(I)J", false);
  }

  /** The {@code invokedynamic}'s descriptor with the site's id as its last captured argument. */
  static String withSite(String indyDescriptor) {
    int close = indyDescriptor.indexOf(')');
    return indyDescriptor.substring(0, close) + "I" + indyDescriptor.substring(close);
  }
}
