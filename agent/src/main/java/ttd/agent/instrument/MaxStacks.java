package ttd.agent.instrument;

import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * The operand stack sizes of a rewritten class, checked where ASM's own computation may be short.
 *
 * <p>A class the JVM hands back for retransformation is rebuilt from what the JVM keeps of it,
 * which for the JDK's classes (never verified) holds no stack map frames. Without frames ASM's
 * {@code COMPUTE_MAXS} works out each method's maximum stack from its control flow, and for some
 * methods it comes out short: 6 for JDK 17's {@code AbstractQueuedSynchronizer$ConditionObject
 * .awaitUninterruptibly}, whose {@code acquire(node, savedState, false, false, false, 0L)} call
 * needs 8 (with the class's frames, or from javac, ASM says 8). The JVM trusts a JDK class's
 * {@code max_stack}: a program whose thread was in that method when a garbage collection computed
 * its oop map died with "Illegal class file encountered" (JDK 17, under recording). So a method
 * that came with branches and no frames is analysed again, once rewritten, by ASM's data-flow
 * analyser, which simulates every instruction, and declares the size that finds if ASM's is
 * less (its rewritten size may be short even where it is not below the original, as for JDK
 * 25's {@code ForkJoinTask.awaitDone}: 4 where 5 are needed). One per rewrite of a class.
 */
final class MaxStacks {

  /** More stack than any of ttd's rewrites adds to a method, for the analysis to work within. */
  private static final int ROOM = 64;

  /** A method of the class that came without frames but with branches: its original maximum, and whether ttd changed it. */
  private record Unframed(int maxStack, boolean[] changed) {}

  private final Map<String, Unframed> unframed = new HashMap<>();

  /**
   * Watches the method {@code name desc} as the class reader gives it (put outermost, where the
   * reader's own events arrive): a method with branches and no stack map frames is noted with the
   * maximum stack it came with and {@code changed}, which ttd's rewriters of the method set; when
   * the method ends, that goes into the class's {@code classChanged}.
   */
  MethodVisitor watch(MethodVisitor next, String name, String desc, boolean[] changed, boolean[] classChanged) {
    return new MethodVisitor(Opcodes.ASM9, next) {
      private boolean framed;
      private boolean branches;

      @Override
      public void visitFrame(int type, int locals, Object[] local, int stack, Object[] onStack) {
        framed = true;
        super.visitFrame(type, locals, local, stack, onStack);
      }

      @Override
      public void visitJumpInsn(int opcode, org.objectweb.asm.Label label) {
        branches = true;
        super.visitJumpInsn(opcode, label);
      }

      @Override
      public void visitTableSwitchInsn(int min, int max, org.objectweb.asm.Label dflt, org.objectweb.asm.Label... labels) {
        branches = true;
        super.visitTableSwitchInsn(min, max, dflt, labels);
      }

      @Override
      public void visitLookupSwitchInsn(org.objectweb.asm.Label dflt, int[] keys, org.objectweb.asm.Label[] labels) {
        branches = true;
        super.visitLookupSwitchInsn(dflt, keys, labels);
      }

      @Override
      public void visitTryCatchBlock(
          org.objectweb.asm.Label start, org.objectweb.asm.Label end, org.objectweb.asm.Label handler, String type) {
        branches = true;
        super.visitTryCatchBlock(start, end, handler, type);
      }

      @Override
      public void visitMaxs(int maxStack, int maxLocals) {
        if (branches && !framed) {
          unframed.put(name + desc, new Unframed(maxStack, changed));
        }
        super.visitMaxs(maxStack, maxLocals);
      }

      @Override
      public void visitEnd() {
        super.visitEnd();
        classChanged[0] |= changed[0];
      }
    };
  }

  /**
   * {@code rewritten}, with the stack sizes ASM computed short mended, for the methods noted by
   * {@link #watch}: one ttd changed is analysed again and declares what the analysis finds, if
   * that is more; one it did not declares at least what it came with.
   */
  byte[] checked(String owner, byte[] rewritten) {
    if (unframed.isEmpty() || !needsNode(rewritten)) {
      return rewritten;
    }
    ClassNode node = new ClassNode();
    new ClassReader(rewritten).accept(node, 0);
    boolean mended = false;
    for (MethodNode method : node.methods) {
      Unframed was = unframed.get(method.name + method.desc);
      if (was != null) {
        int needed = was.changed()[0]
            ? analysed(owner, method, Math.max(was.maxStack(), method.maxStack) + ROOM)
            : was.maxStack();
        if (needed > method.maxStack) {
          method.maxStack = needed;
          mended = true;
        }
      }
    }
    if (!mended) {
      return rewritten;
    }
    ClassWriter writer = new ClassWriter(0);
    node.accept(writer);
    return writer.toByteArray();
  }

  /**
   * The deepest operand stack, in slots, of any instruction of {@code method}, analysed with room
   * for {@code room} slots (the analyser refuses a deeper stack than it is given); {@code room} if
   * the analysis fails, which is never too little for what ttd adds.
   */
  static int analysed(String owner, MethodNode method, int room) {
    int declared = method.maxStack;
    method.maxStack = room;
    try {
      int deepest = 0;
      for (Frame<BasicValue> frame : new Analyzer<>(new BasicInterpreter()).analyze(owner, method)) {
        if (frame != null) {
          int slots = 0;
          for (int i = 0; i < frame.getStackSize(); i++) {
            slots += frame.getStack(i).getSize();
          }
          deepest = Math.max(deepest, slots);
        }
      }
      return deepest;
    } catch (AnalyzerException e) {
      return room;
    } finally {
      method.maxStack = declared;
    }
  }

  /** Whether a noted method was changed, or declares less than it came with (reading only the maximums). */
  private boolean needsNode(byte[] rewritten) {
    for (Unframed u : unframed.values()) {
      if (u.changed()[0]) {
        return true;
      }
    }
    boolean[] shorter = {false};
    new ClassReader(rewritten).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exceptions) {
        Unframed was = unframed.get(name + desc);
        return was == null ? null : new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitMaxs(int maxStack, int maxLocals) {
            shorter[0] |= maxStack < was.maxStack();
          }
        };
      }
    }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    return shorter[0];
  }
}
