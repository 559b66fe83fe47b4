package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code jdk.internal.loader.BootLoader}: the order of the boot loader's packages. {@code
 * Package.getPackages()} and {@code ClassLoader.getPackages()} list them from the native {@code
 * getSystemPackageNames}, which walks the JVM's package table, whose order follows memory
 * addresses: the same in plain runs of one JVM build, another in a recording and its replay (a
 * helper's 8-line program printed them in another order in 6 of 6 replays; Jython builds its
 * package index from them). The names pass through {@code Hooks.onSystemPackageNames}, which puts
 * them in name order.
 */
final class BootPackagesInstrumentation implements TypeInstrumentation {

  static final String OWNER = "jdk/internal/loader/BootLoader";
  static final String NATIVE = "getSystemPackageNames";
  static final String NATIVE_DESC = "()[Ljava/lang/String;";
  static final String HOOK = "onSystemPackageNames";
  static final String HOOK_DESC = "([Ljava/lang/String;)[Ljava/lang/String;";

  @Override
  public String typeName() {
    return OWNER;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        super.visitMethodInsn(op, owner, callee, d, itf);
        if (owner.equals(OWNER) && callee.equals(NATIVE) && d.equals(NATIVE_DESC)) {
          changed[0] = true;
          HookCalls.call(mv, HOOK, HOOK_DESC);
        }
      }
    };
  }
}
