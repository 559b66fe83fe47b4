package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import ttd.agent.identity.ThreadSeeds;

/**
 * {@code java.util.concurrent.ThreadLocalRandom}: each draw from its shared seed generator ({@code
 * AtomicLong.getAndAdd}) and probe generator ({@code AtomicInteger.addAndGet}) passes its value
 * through a hook, which gives a program thread the value its ordinal gives ({@link ThreadSeeds}),
 * so that a thread's seed does not depend on when it, or another thread, first drew.
 */
final class ThreadLocalRandomInstrumentation implements TypeInstrumentation {

  private static final String SEED_DRAW = "java/util/concurrent/atomic/AtomicLong.getAndAdd(J)J";
  private static final String PROBE_DRAW = "java/util/concurrent/atomic/AtomicInteger.addAndGet(I)I";

  @Override
  public String typeName() {
    return "java/util/concurrent/ThreadLocalRandom";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    int site = ThreadSeeds.site(name);
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitMethodInsn(int op, String owner, String method, String d, boolean itf) {
        super.visitMethodInsn(op, owner, method, d, itf);
        String call = owner + "." + method + d;
        if (call.equals(SEED_DRAW)) {
          changed[0] = true;
          HookCalls.pushInt(mv, site);
          HookCalls.call(mv, "onThreadSeedDraw", "(JI)J");
        } else if (call.equals(PROBE_DRAW)) {
          changed[0] = true;
          HookCalls.call(mv, "onThreadProbeDraw", "(I)I");
        }
      }
    };
  }
}
