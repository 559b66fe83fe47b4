package ttd.agent.instrument;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Which methods of a class call anything (an {@code invoke*} instruction): only their entries
 * tick ({@link TickRewriter}). A method that calls nothing runs a bounded stretch between its
 * entry and its first backward jump, so its entry tick adds nothing to the preemption budget's
 * guarantee (a thread that runs forever loops or calls), while it cost a whole tick check in every
 * compiled caller: a getter inlined into a hot loop paid one per iteration.
 */
final class CallingMethods {

  private CallingMethods() {}

  /** The {@code name + descriptor} of each method of the class with at least one call. */
  static Set<String> of(ClassReader reader) {
    Set<String> calling = new HashSet<>();
    reader.accept(
        new ClassVisitor(Opcodes.ASM9) {
          @Override
          public MethodVisitor visitMethod(
              int access, String name, String desc, String sig, String[] exceptions) {
            String key = name + desc;
            return new MethodVisitor(Opcodes.ASM9) {
              @Override
              public void visitMethodInsn(int op, String owner, String n, String d, boolean itf) {
                calling.add(key);
              }

              @Override
              public void visitInvokeDynamicInsn(String n, String d, Handle bsm, Object... args) {
                calling.add(key);
              }
            };
          }
        },
        ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    return calling;
  }
}
