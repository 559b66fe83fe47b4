package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The JVM's handler of SIGINT, SIGTERM and SIGHUP ({@code java.lang.Terminator}'s anonymous
 * {@code Signal.Handler}, the same on JDK 17 and 25): on entry it tells the session which signal
 * ends the program, before it calls {@code Shutdown.exit(128 + signal)}. A program that installs
 * its own handler for the signal never reaches it.
 */
final class TerminatorInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/lang/Terminator$1";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals("handle") || !desc.equals("(Ljdk/internal/misc/Signal;)V")) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onEntry(mv, access, name, desc, m -> {
      m.visitVarInsn(Opcodes.ALOAD, 1);
      m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "jdk/internal/misc/Signal", "getNumber", "()I", false);
      HookCalls.call(m, "onSignal", "(I)V");
    });
  }
}
