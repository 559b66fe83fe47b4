package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.ProcessHandleImpl.Info}: a process's command, command line, arguments, start
 * instant, CPU time and user, which a native fills from {@code /proc}. Exchanged whole at the
 * return of {@code Info.info(pid, startTime)}, the one place the JDK makes one, so {@code
 * ProcessHandle.current().info()} and every other handle's replay what the recording saw.
 */
final class ProcessInfoInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/lang/ProcessHandleImpl$Info";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals("info") || !desc.equals("(JJ)Ljava/lang/ProcessHandle$Info;")) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onReturn(mv, access, name, desc, m -> {
      HookCalls.call(m, "onProcessHandleInfo", "(Ljava/lang/Object;)Ljava/lang/Object;");
      m.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/ProcessHandle$Info");
    });
  }
}
