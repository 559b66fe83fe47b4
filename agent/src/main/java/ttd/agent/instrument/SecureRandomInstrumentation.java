package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.security.SecureRandom}: the bytes it hands out, whatever provider made them. This
 * covers {@code UUID.randomUUID} and every {@code SecureRandom} method, which all go through here.
 */
final class SecureRandomInstrumentation implements TypeInstrumentation {

  @Override
  public String typeName() {
    return "java/security/SecureRandom";
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals("nextBytes") && desc.startsWith("([B")) {
      changed[0] = true;
      return HookCalls.onReturn(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ALOAD, 1);
        HookCalls.call(m, "onSecureRandomBytes", "([B)[B");
        m.visitInsn(Opcodes.POP);
      });
    }
    if (name.equals("generateSeed") && desc.equals("(I)[B")) {
      changed[0] = true;
      return HookCalls.onReturn(mv, access, name, desc,
          m -> HookCalls.call(m, "onSecureRandomBytes", "([B)[B"));
    }
    return mv;
  }
}
