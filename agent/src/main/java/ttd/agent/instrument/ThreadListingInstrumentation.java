package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The JDK's listings of live threads, made to show a scheduled thread from its start to its end
 * in the scheduler's model.
 *
 * <p>A thread's end is scheduled at the entry of {@code Thread.exit()}, where the baton moves on;
 * the rest (JDK 17 takes the thread out of its group, then the JVM drops it from its list) runs
 * beside the next thread. So a listing made right after a pool's workers ended showed some of them
 * in one run and not in the other: Tomcat's stop walks {@code Thread.enumerate} and took another
 * number of turns in replay. In {@code java.lang.Thread} what the native {@code getThreads()}
 * returns goes through {@code ScheduleHooks.onThreadList} (every listing on 21+, {@code
 * getAllStackTraces} on 17), and so does what {@code sun.management.ThreadImpl}'s own native
 * {@code getThreads()} returns ({@code ThreadMXBean.getAllThreadIds}, which also listed ttd's own
 * page toucher; Micrometer's thread metrics counted it); in {@code java.lang.ThreadGroup} each {@code isAlive()} goes through
 * {@code ScheduleHooks.onThreadIsAlive}, as application code's do (JDK 17's {@code enumerate}),
 * and JDK 17's {@code activeCount()} reads the group's members and their count, under the group's
 * lock, into {@code ScheduleHooks.onGroupCount} instead of the bare count. {@code Thread}'s own
 * {@code isAlive()} calls ({@code join}) are left alone.
 */
final class ThreadListingInstrumentation implements TypeInstrumentation {

  private static final String THREAD = "java/lang/Thread";
  private static final String THREADS = "()[Ljava/lang/Thread;";
  private static final String GROUP = "java/lang/ThreadGroup";
  private static final String MANAGEMENT = "sun/management/ThreadImpl";

  private final String typeName;

  private ThreadListingInstrumentation(String typeName) {
    this.typeName = typeName;
  }

  /** The native list of threads, filtered where {@code Thread} reads it. */
  static ThreadListingInstrumentation threadList() {
    return new ThreadListingInstrumentation(THREAD);
  }

  /** The native list of threads, filtered where {@code ThreadMXBean}'s implementation reads its own. */
  static ThreadListingInstrumentation managementList() {
    return new ThreadListingInstrumentation(MANAGEMENT);
  }

  /** The liveness test of each member, filtered where {@code ThreadGroup} makes it. */
  static ThreadListingInstrumentation groupMembers() {
    return new ThreadListingInstrumentation(GROUP);
  }

  @Override
  public String typeName() {
    return typeName;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    boolean group = typeName.equals(GROUP);
    boolean count = group && name.equals("activeCount") && desc.equals("()I");
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitFieldInsn(int opcode, String owner, String field, String d) {
        if (count && opcode == Opcodes.GETFIELD && owner.equals(GROUP) && field.equals("nthreads") && d.equals("I")) {
          changed[0] = true; // JDK 17: group -> (threads, nthreads) -> the members still alive
          super.visitInsn(Opcodes.DUP);
          super.visitFieldInsn(Opcodes.GETFIELD, GROUP, "threads", "[Ljava/lang/Thread;");
          super.visitInsn(Opcodes.SWAP);
          super.visitFieldInsn(opcode, owner, field, d);
          HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, "onGroupCount", "([Ljava/lang/Thread;I)I");
          return;
        }
        super.visitFieldInsn(opcode, owner, field, d);
      }

      @Override
      public void visitMethodInsn(int opcode, String owner, String callee, String d, boolean itf) {
        if (group && opcode == Opcodes.INVOKEVIRTUAL && owner.equals(THREAD)
            && callee.equals("isAlive") && d.equals("()Z")) {
          changed[0] = true;
          HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, "onThreadIsAlive", "(Ljava/lang/Thread;)Z");
          return;
        }
        super.visitMethodInsn(opcode, owner, callee, d, itf);
        if (!group && opcode == Opcodes.INVOKESTATIC && owner.equals(typeName)
            && callee.equals("getThreads") && d.equals(THREADS)) {
          changed[0] = true;
          HookCalls.call(mv, HookCalls.SCHEDULE_HOOKS, "onThreadList", "([Ljava/lang/Thread;)[Ljava/lang/Thread;");
        }
      }
    };
  }
}
