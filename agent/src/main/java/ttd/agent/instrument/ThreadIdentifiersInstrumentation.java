package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;

/**
 * {@code java.lang.Thread.ThreadIdentifiers} (JDK 21+): where every new thread, platform or
 * virtual, gets its id. The id passes through a hook at {@code next()}'s return, so the program's
 * threads get ids that do not depend on ttd's own threads ({@code ThreadIds}).
 */
final class ThreadIdentifiersInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/lang/Thread$ThreadIdentifiers";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals("next") || !desc.equals("()J")) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onReturn(mv, access, name, desc, m -> HookCalls.call(m, "onThreadId", "(J)J"));
  }
}
