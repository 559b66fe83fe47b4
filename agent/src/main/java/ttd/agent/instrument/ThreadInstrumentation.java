package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.Thread}: start (the parent gives the child its ordinal), run (the child's first
 * instruction), exit (the JVM's last call on a terminating thread), uncaught exceptions, and
 * interrupts (which wake a thread waiting in the scheduler's model), and on JDK 17 the id a new
 * thread gets ({@code ThreadIds}).
 */
final class ThreadInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/lang/Thread";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    switch (name + desc) {
      case "start()V":
      case "start(Ljdk/internal/vm/ThreadContainer;)V": // JDK 21+: executors start threads here
        return self(mv, access, name, desc, changed, HookCalls.HOOKS, "onThreadStart", "(Ljava/lang/Thread;)V");
      case "run()V":
        return self(mv, access, name, desc, changed, HookCalls.HOOKS, "onThreadRun", "(Ljava/lang/Object;)V");
      case "exit()V":
        return self(mv, access, name, desc, changed, HookCalls.HOOKS, "onThreadExit", "(Ljava/lang/Thread;)V");
      case "interrupt()V":
        return self(
            mv, access, name, desc, changed, HookCalls.SCHEDULE_HOOKS, "onThreadInterrupt", "(Ljava/lang/Thread;)V");
      case "nextThreadID()J": // JDK 17; 21+ in ThreadIdentifiersInstrumentation
        changed[0] = true;
        return HookCalls.onReturn(mv, access, name, desc, m -> HookCalls.call(m, "onThreadId", "(J)J"));
      case "dispatchUncaughtException(Ljava/lang/Throwable;)V":
        changed[0] = true;
        return HookCalls.onEntry(mv, access, name, desc, m -> {
          m.visitVarInsn(Opcodes.ALOAD, 0);
          m.visitVarInsn(Opcodes.ALOAD, 1);
          HookCalls.call(
              m, "onThreadUncaughtException", "(Ljava/lang/Thread;Ljava/lang/Throwable;)V");
        });
      default:
        return mv;
    }
  }

  private static MethodVisitor self(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed, String owner,
      String hook, String hookDesc) {
    changed[0] = true;
    return HookCalls.onEntry(mv, access, name, desc, m -> {
      m.visitVarInsn(Opcodes.ALOAD, 0);
      HookCalls.call(m, owner, hook, hookDesc);
    });
  }
}
