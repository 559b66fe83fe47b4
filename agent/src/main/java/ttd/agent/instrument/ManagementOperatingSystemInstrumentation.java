package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;

/**
 * {@code sun.management.BaseOperatingSystemImpl}, the operating-system MXBean's base: its load
 * average comes from {@code Unsafe.getLoadAverage}, which fills an array, so the figure is exchanged
 * at {@code getSystemLoadAverage()}'s return instead of at a native's call site.
 */
final class ManagementOperatingSystemInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "sun/management/BaseOperatingSystemImpl";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals("getSystemLoadAverage") || !desc.equals("()D")) {
      return mv;
    }
    changed[0] = true;
    int site = CallSites.register("java.lang.management.OperatingSystemMXBean.getSystemLoadAverage", false);
    return HookCalls.onReturn(mv, access, name, desc, m -> {
      HookCalls.pushInt(m, site);
      HookCalls.call(m, "onManagementValue", "(DI)D");
    });
  }
}
