package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.ProcessHandleImpl}: what the program learns about processes from the OS.
 *
 * <p>This JVM's own pid is read once, in the class's initialiser, possibly before the program runs
 * (or by ttd's own code), and then served from a field; so it is exchanged where the program asks
 * for it, at {@code pid()}'s return. That covers {@code ProcessHandle.current().pid()} and the
 * management bean's {@code pid@host}. Another process's start time ({@code isAlive0}, behind {@code
 * ProcessHandle.of}, {@code isAlive}) and parent ({@code parent0}) are exchanged where this class
 * calls those natives. Listing processes ({@code getProcessPids0}, behind {@code children},
 * {@code descendants} and {@code allProcesses}) is a native I/O call ({@code NativeIoTable}); the
 * handle's own pid and start time, which {@code children} and {@code descendants} read from its
 * fields to ask for and filter the listing, are exchanged there too: the current process's
 * handle holds the replaying JVM's pid and start time, and a replay must ask for and keep the
 * recorded children.
 */
final class ProcessHandleImplInstrumentation implements TypeInstrumentation {

  private static final String OWNER = "java/lang/ProcessHandleImpl";

  @Override
  public String typeName() {
    return OWNER;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals("pid") && desc.equals("()J")) {
      changed[0] = true;
      return HookCalls.onReturn(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ALOAD, 0);
        HookCalls.call(m, "onProcessHandlePid", "(JLjava/lang/Object;)J");
      });
    }
    boolean listing = name.equals("children") || name.equals("descendants")
        || name.startsWith("lambda$children$");
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitFieldInsn(int op, String owner, String field, String d) {
        super.visitFieldInsn(op, owner, field, d);
        if (listing && op == Opcodes.GETFIELD && owner.equals(OWNER)
            && (field.equals("pid") || field.equals("startTime"))) {
          changed[0] = true;
          HookCalls.pushInt(mv, CallSites.register("java.lang.ProcessHandle." + field, false));
          HookCalls.call(mv, "onProcessTableValue", "(JI)J");
        }
      }

      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        super.visitMethodInsn(op, owner, callee, d, itf);
        if (owner.equals(OWNER) && (callee.equals("isAlive0") || callee.equals("parent0"))) {
          changed[0] = true;
          HookCalls.pushInt(mv, CallSites.register("java.lang.ProcessHandle." + callee, false));
          HookCalls.call(mv, "onProcessTableValue", "(JI)J");
        }
      }
    };
  }
}
