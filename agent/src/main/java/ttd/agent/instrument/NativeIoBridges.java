package ttd.agent.instrument;

import java.util.LinkedHashMap;
import java.util.Map;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import ttd.agent.io.NativeIoTable;
import ttd.log.AddedMembers;

/**
 * Static methods added to a program class, one per shape of call in it that reaches a native of
 * {@code RandomAccessFile} for some receivers only: {@code getFilePointer()} through the program's
 * own interface (Derby's {@code StorageRandomAccessFile}), on a subclass that may override it, or
 * by a {@code super} call naming a subclass.
 *
 * <p>Which method such a call runs is known only at run time, so the call site becomes a call of
 * the bridge, which asks {@code NativeIoHooks} about the receiver's class (or, for a {@code super}
 * call, the class named) and then calls the hook or makes the call as it was; a {@code super}
 * call's bridge takes the calling class as its receiver's type, as {@code invokespecial} wants. A branch inserted in the program's method would need stack map
 * frames there, which the rewrite does not compute; the bridge's one frame is known by
 * construction (its parameters, an empty stack). Its frame is ttd's and left out of the program's
 * stack traces, by the {@link #PREFIX} of its name.
 */
final class NativeIoBridges {

  /** The start of every bridge's name. */
  public static final String PREFIX = AddedMembers.NATIVE_IO_BRIDGE;

  private final String type;
  private final boolean isInterface;
  private final int access;
  private final Map<String, Bridge> bridges = new LinkedHashMap<>();

  private NativeIoBridges(String type, boolean isInterface, int access) {
    this.type = type;
    this.isInterface = isInterface;
    this.access = access;
  }

  /**
   * The bridges of the program class {@code type} of class file {@code version}, or null where it
   * can declare no static method (an interface before Java 8's class files) or name no class
   * constant (before Java 5's).
   */
  static NativeIoBridges of(String type, int classAccess, int version) {
    boolean isInterface = (classAccess & Opcodes.ACC_INTERFACE) != 0;
    if (isInterface && version < Opcodes.V1_8 || version < Opcodes.V1_5) {
      return null; // no static method, or no class constant to ask about
    }
    int visibility = isInterface && version < Opcodes.V9 ? Opcodes.ACC_PUBLIC : Opcodes.ACC_PRIVATE;
    return new NativeIoBridges(type, isInterface, visibility | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC);
  }

  /** Emits a call of the bridge that stands for {@code opcode owner.name desc} in place of that call. */
  void call(MethodVisitor mv, int opcode, String owner, String name, String desc, boolean itf, NativeIoTable.Entry e) {
    String key = opcode + " " + owner + '.' + name + desc;
    Bridge b = bridges.get(key);
    if (b == null) {
      b = new Bridge(PREFIX + bridges.size(), opcode, owner, name, desc, itf, e,
          opcode == Opcodes.INVOKESPECIAL ? type : owner);
      bridges.put(key, b);
    }
    mv.visitMethodInsn(Opcodes.INVOKESTATIC, type, b.name, b.descriptor(), isInterface);
  }

  /** Adds the bridges the class's calls use to {@code cv}, before its end. */
  void declareIn(ClassVisitor cv, int version) {
    for (Bridge b : bridges.values()) {
      MethodVisitor mv = cv.visitMethod(access, b.name, b.descriptor(), null, null);
      mv.visitCode();
      Label asWritten = new Label();
      if (b.opcode == Opcodes.INVOKESPECIAL) {
        mv.visitLdcInsn(Type.getObjectType(b.owner));
        HookCalls.pushInt(mv, b.entry.op);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, NativeIoRewriter.HOOKS, "superReachesNative", "(Ljava/lang/Class;I)Z",
            false);
      } else {
        // most receivers are the program's own (Lucene's IndexInput.getFilePointer()): one type check
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitTypeInsn(Opcodes.INSTANCEOF, b.entry.owner);
        mv.visitJumpInsn(Opcodes.IFEQ, asWritten);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        HookCalls.pushInt(mv, b.entry.op);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, NativeIoRewriter.HOOKS, "reachesNative", "(Ljava/lang/Object;I)Z",
            false);
      }
      mv.visitJumpInsn(Opcodes.IFEQ, asWritten);
      b.loadArguments(mv);
      HookCalls.pushInt(mv, b.entry.op);
      mv.visitMethodInsn(Opcodes.INVOKESTATIC, NativeIoRewriter.HOOKS, NativeIoRewriter.hookName(b.desc),
          NativeIoRewriter.hookDescriptor(b.entry), false);
      b.returnResult(mv);
      mv.visitLabel(asWritten);
      if (version >= Opcodes.V1_6) {
        mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
      }
      b.loadArguments(mv);
      mv.visitMethodInsn(b.opcode, b.owner, b.callee, b.desc, b.itf);
      b.returnResult(mv);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
  }

  /** One call shape and the bridge that stands for it. */
  private static final class Bridge {
    final String name;
    final int opcode;
    final String owner;
    final String callee;
    final String desc;
    final boolean itf;
    final NativeIoTable.Entry entry;
    /** The receiver's type: the class named, or for a {@code super} call the calling class. */
    final String receiver;

    Bridge(String name, int opcode, String owner, String callee, String desc, boolean itf, NativeIoTable.Entry entry,
        String receiver) {
      this.name = name;
      this.opcode = opcode;
      this.owner = owner;
      this.callee = callee;
      this.desc = desc;
      this.itf = itf;
      this.entry = entry;
      this.receiver = receiver;
    }

    /** The call's descriptor with its receiver as the first parameter. */
    String descriptor() {
      return "(L" + receiver + ";" + desc.substring(1);
    }

    void loadArguments(MethodVisitor mv) {
      mv.visitVarInsn(Opcodes.ALOAD, 0);
      int slot = 1;
      for (Type t : Type.getArgumentTypes(desc)) {
        mv.visitVarInsn(t.getOpcode(Opcodes.ILOAD), slot);
        slot += t.getSize();
      }
    }

    void returnResult(MethodVisitor mv) {
      mv.visitInsn(Type.getReturnType(desc).getOpcode(Opcodes.IRETURN));
    }
  }
}
