package ttd.agent.instrument;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.lang.System}: the environment, as {@code getenv(name)} and {@code getenv()} return it,
 * and the program's requests for a collection.
 *
 * <p>The values are exchanged as the methods return, so the lazily built process environment and
 * every API above {@code getenv} (including {@code ProcessBuilder}'s copy) see recorded values.
 * {@code gc()} first asks a hook, which runs the collection itself with ttd's holds on weak
 * referents let go ({@code WeakReferents}), and returns when it did.
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
    if (name.equals("gc") && desc.equals("()V")) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> {
        HookCalls.call(m, "onExplicitGc", "()Z");
        Label plain = new Label();
        m.visitJumpInsn(Opcodes.IFEQ, plain);
        m.visitInsn(Opcodes.RETURN);
        m.visitLabel(plain);
        m.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
      });
    }
    return mv;
  }
}
