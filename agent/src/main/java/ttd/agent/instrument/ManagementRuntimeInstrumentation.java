package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;

/**
 * {@code sun.management.RuntimeImpl}, the runtime MXBean: it reads the JVM's start time once, when
 * it is made, which may be before the program runs (ttd's own start-up makes it), and serves it from
 * a field after that. So {@code getStartTime()} is exchanged at its return, where the program asks.
 * So is {@code getInputArguments()}: a replay's JVM runs with flags of its own (its agent options,
 * the launcher's determinism flags), and programs read the list (Tomcat looks for an option in it).
 */
final class ManagementRuntimeInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "sun/management/RuntimeImpl";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals("getStartTime") && desc.equals("()J")) {
      changed[0] = true;
      int site = CallSites.register("java.lang.management.RuntimeMXBean.getStartTime", false);
      return HookCalls.onReturn(mv, access, name, desc, m -> {
        HookCalls.pushInt(m, site);
        HookCalls.call(m, "onManagementValue", "(JI)J");
      });
    }
    if (name.equals("getInputArguments") && desc.equals("()Ljava/util/List;")) {
      changed[0] = true;
      int site = CallSites.register("java.lang.management.RuntimeMXBean.getInputArguments", false);
      return HookCalls.onReturn(mv, access, name, desc, m -> {
        HookCalls.pushInt(m, site);
        HookCalls.call(m, "onVmArguments", "(Ljava/util/List;I)Ljava/util/List;");
      });
    }
    return mv;
  }
}
