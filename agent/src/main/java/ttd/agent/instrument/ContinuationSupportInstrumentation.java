package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code jdk.internal.vm.ContinuationSupport} (JDK 21+): says the VM has no continuations, as it
 * does under {@code -XX:-VMContinuations}. The JDK then makes every virtual thread a
 * {@code ThreadBuilders.BoundVirtualThread}, a virtual thread on a native thread of its own (its
 * builders and executors are unchanged for the program, {@code isVirtual()} stays true), and its
 * blocking I/O waits through platform poller threads. The serializing scheduler can then run
 * virtual threads exactly as platform threads: blocking one blocks no carrier shared with others,
 * and no carrier pool decides which one runs next. Record and replay both see it, so a recording
 * replays with the same kind of threads.
 */
final class ContinuationSupportInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "jdk/internal/vm/ContinuationSupport";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals("isSupported") || !desc.equals("()Z")) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onReturn(mv, access, name, desc, m -> {
      m.visitInsn(Opcodes.POP);
      m.visitInsn(Opcodes.ICONST_0);
    });
  }
}
