package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.System}: the environment, as {@code getenv(name)} and {@code getenv()} return it.
 *
 * <p>The values are exchanged as the methods return, so the lazily built process environment and
 * every API above {@code getenv} (including {@code ProcessBuilder}'s copy) see recorded values.
 */
final class SystemInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/lang/System";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals("getenv") && desc.equals("(Ljava/lang/String;)Ljava/lang/String;")) {
      changed[0] = true;
      return HookCalls.onReturn(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ALOAD, 0);
        HookCalls.call(m, "onSystemGetenv", "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;");
      });
    }
    if (name.equals("getenv") && desc.equals("()Ljava/util/Map;")) {
      changed[0] = true;
      return HookCalls.onReturn(mv, access, name, desc,
          m -> HookCalls.call(m, "onSystemGetenvAll", "(Ljava/util/Map;)Ljava/util/Map;"));
    }
    return mv;
  }
}
