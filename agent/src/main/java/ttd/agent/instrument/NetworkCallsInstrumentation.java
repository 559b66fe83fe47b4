package ttd.agent.instrument;

import java.util.Map;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * One JDK class that calls network natives ({@link NetworkNativeCalls}): each such call becomes a
 * call of its hook in {@code NetHooks}, which takes the same arguments (an interface call's receiver first, as an
 * Object) and returns what the native would.
 *
 * <p>The natives are private or package-private, so their callers are few and all in the JDK:
 * {@code Net} itself, the socket implementations and channels, the socket dispatcher, the epoll
 * selector, {@code EventFD} and the platform name service (listed in {@link Instrumentations}).
 */
final class NetworkCallsInstrumentation implements TypeInstrumentation {

  static final String HOOKS = "ttd/runtime/NetHooks";

  private final String type;
  private final Map<String, String> extra;

  NetworkCallsInstrumentation(String type) {
    this(type, Map.of());
  }

  /** @param extra more calls rewritten in this type only, in the same form as the table */
  NetworkCallsInstrumentation(String type, Map<String, String> extra) {
    this.type = type;
    this.extra = extra;
  }

  @Override
  public String typeName() {
    return type;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        String key = owner + "." + callee + d;
        String hook = extra.getOrDefault(key, NetworkNativeCalls.HOOKS.get(key));
        if (hook == null || (op != Opcodes.INVOKESTATIC && op != Opcodes.INVOKEINTERFACE)) {
          super.visitMethodInsn(op, owner, callee, d, itf);
          return;
        }
        changed[0] = true;
        String hookDesc = d;
        if (op == Opcodes.INVOKEINTERFACE) {
          Type[] args = Type.getArgumentTypes(d);
          StringBuilder s = new StringBuilder("(Ljava/lang/Object;");
          for (Type a : args) {
            s.append(a.getSort() == Type.OBJECT && !a.getInternalName().startsWith("java/lang/")
                ? "Ljava/lang/Object;" : a.getDescriptor());
          }
          hookDesc = s.append(')').append(Type.getReturnType(d).getDescriptor()).toString();
        }
        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, hook, hookDesc, false);
      }
    };
  }
}
