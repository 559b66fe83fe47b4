package ttd.agent.instrument;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The method calls in a class file, as {@code owner.name(desc)}, for tests of the rewriting.
 */
final class MethodCalls {

  private MethodCalls() {}

  static List<String> in(byte[] classFile) {
    List<String> calls = new ArrayList<>();
    for (String insn : callsAndCasts(classFile)) {
      if (insn.startsWith("CALL ")) {
        calls.add(insn.substring("CALL ".length()));
      }
    }
    return calls;
  }

  /**
   * The calls and casts in a class file, in order: {@code "CALL owner.name(desc)"} and {@code
   * "CHECKCAST type"} (pushed constants and the rest left out).
   */
  static List<String> callsAndCasts(byte[] classFile) {
    List<String> seen = new ArrayList<>();
    new ClassReader(classFile)
        .accept(
            new ClassVisitor(Opcodes.ASM9) {
              @Override
              public MethodVisitor visitMethod(int a, String n, String d, String s, String[] e) {
                return new MethodVisitor(Opcodes.ASM9) {
                  @Override
                  public void visitMethodInsn(int op, String owner, String name, String desc, boolean itf) {
                    seen.add("CALL " + owner + "." + name + desc);
                  }

                  @Override
                  public void visitTypeInsn(int op, String type) {
                    if (op == Opcodes.CHECKCAST) {
                      seen.add("CHECKCAST " + type);
                    }
                  }
                };
              }
            },
            ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    return seen;
  }
}
