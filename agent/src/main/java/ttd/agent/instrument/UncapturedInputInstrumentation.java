package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The other doors through which input ttd does not capture yet enters: random-access files, NIO
 * file opens and directory listings, sockets and processes. Each is described by the type, the
 * methods, the hook's source constant and which argument names the input.
 */
final class UncapturedInputInstrumentation implements TypeInstrumentation {

  private final String type;
  private final String[] methods;
  private final int source;
  private final int argument;

  /** The instance itself names the input (for {@code argument}). */
  static final int THIS = -2;

  /**
   * @param methods {@code name} or {@code name+descriptor} of each hooked method
   * @param argument the index of the argument that names the input, {@link #THIS} for the
   *     receiver, or -1 for the method name
   */
  UncapturedInputInstrumentation(String type, int source, int argument, String... methods) {
    this.type = type;
    this.methods = methods;
    this.source = source;
    this.argument = argument;
  }

  @Override
  public String typeName() {
    return type;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if ((access & (Opcodes.ACC_NATIVE | Opcodes.ACC_ABSTRACT)) != 0 || !matches(name, desc)) {
      return mv;
    }
    changed[0] = true;
    boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
    Type[] args = Type.getArgumentTypes(desc);
    return HookCalls.onEntry(mv, access, name, desc, m -> {
      HookCalls.pushInt(m, source);
      if (argument == THIS && !isStatic) {
        m.visitVarInsn(Opcodes.ALOAD, 0);
      } else if (argument < 0 || argument >= args.length || args[argument].getSort() < Type.ARRAY) {
        m.visitLdcInsn(type.replace('/', '.') + "." + name);
      } else {
        int slot = isStatic ? 0 : 1;
        for (int i = 0; i < argument; i++) {
          slot += args[i].getSize();
        }
        m.visitVarInsn(Opcodes.ALOAD, slot);
      }
      HookCalls.call(m, "onUncapturedInput", "(ILjava/lang/Object;)V");
    });
  }

  private boolean matches(String name, String desc) {
    for (String m : methods) {
      if (m.equals(name) || m.equals(name + desc)) {
        return true;
      }
    }
    return false;
  }
}
