package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.runtime.NativeIoOp;

/**
 * {@code java.lang.ProcessImpl}: what the program learns about a child's end (its {@code
 * hasExited} and {@code exitcode} fields, read by {@code waitFor}, {@code exitValue}, {@code
 * isAlive} and {@code destroy}) goes through hooks, and so do {@code waitFor}'s waits ({@code
 * Object.wait} on JDK 17, a lock's {@code Condition} on 25) and, on 25, taking the lock that the
 * reaper also takes, by the program and by the reaper (the program's wait for the reaper's hold
 * would otherwise be logged as a park, and a replay, with no reaper, would not park there; the
 * reaper, which ttd schedules when the program started it, may find the lock held by a waiter that
 * has given up the baton and not yet released the lock).
 *
 * <p>The fields are set by the JDK's process reaper at a moment that depends on the child (and on
 * a thread ttd does not follow when the program did not start the reaper itself); the program's
 * own reads of them are what a recording can put in order. A replay, which starts no child, answers them from the log and does not wait.
 */
final class ProcessImplInstrumentation implements TypeInstrumentation {

  private static final String OWNER = "java/lang/ProcessImpl";
  private static final String CONDITION = "java/util/concurrent/locks/Condition";
  private static final String LOCK = "java/util/concurrent/locks/ReentrantLock";

  @Override
  public String typeName() {
    return OWNER;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    boolean reaper = name.startsWith("lambda$"); // the reaper's completion, which sets the fields
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitFieldInsn(int op, String owner, String field, String d) {
        super.visitFieldInsn(op, owner, field, d);
        if (reaper || op != Opcodes.GETFIELD || !owner.equals(OWNER)) {
          return;
        }
        if (field.equals("hasExited") && d.equals("Z")) {
          changed[0] = true;
          HookCalls.pushInt(mv, NativeIoOp.PROCESS_EXITED);
          mv.visitMethodInsn(Opcodes.INVOKESTATIC, NativeIoRewriter.HOOKS, "onNativeIoBoolean", "(ZI)Z", false);
        } else if (field.equals("exitcode") && d.equals("I")) {
          changed[0] = true;
          HookCalls.pushInt(mv, NativeIoOp.PROCESS_EXIT_CODE);
          mv.visitMethodInsn(Opcodes.INVOKESTATIC, NativeIoRewriter.HOOKS, "onNativeIoInt", "(II)I", false);
        }
      }

      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        boolean objectWait = callee.equals("wait") && d.equals("()V") && op == Opcodes.INVOKEVIRTUAL;
        boolean await = owner.equals(CONDITION) && callee.equals("await") && d.equals("()V");
        boolean awaitNanos = owner.equals(CONDITION) && callee.equals("awaitNanos") && d.equals("(J)J");
        if (owner.equals(LOCK) && callee.equals("lock") && d.equals("()V")) {
          changed[0] = true;
          HookCalls.pushInt(mv, NativeIoOp.PROCESS_LOCK);
          super.visitMethodInsn(
              Opcodes.INVOKESTATIC, NativeIoRewriter.HOOKS, "onNativeIoVoid", "(Ljava/lang/Object;I)V", false);
          return;
        }
        if (reaper || !name.equals("waitFor") || !(objectWait || await || awaitNanos)) {
          super.visitMethodInsn(op, owner, callee, d, itf);
          return;
        }
        changed[0] = true;
        if (awaitNanos) {
          HookCalls.pushInt(mv, NativeIoOp.PROCESS_WAIT_NANOS);
          super.visitMethodInsn(
              Opcodes.INVOKESTATIC, NativeIoRewriter.HOOKS, "onNativeIoLong", "(Ljava/lang/Object;JI)J", false);
        } else {
          HookCalls.pushInt(mv, NativeIoOp.PROCESS_WAIT);
          super.visitMethodInsn(
              Opcodes.INVOKESTATIC, NativeIoRewriter.HOOKS, "onNativeIoVoid", "(Ljava/lang/Object;I)V", false);
        }
      }
    };
  }
}
