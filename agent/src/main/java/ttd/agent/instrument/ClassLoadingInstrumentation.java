package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code jdk.internal.loader.BuiltinClassLoader.loadClassOrNull(String, boolean)}, where the
 * application's and the platform's class loaders load a class by name: the load runs between
 * {@code Hooks.onClassLoading} and {@code Hooks.onClassLoaded}, also when it throws.
 *
 * <p>Loading a class there draws two identity hashes from the loading thread's state (JDK 17 and
 * 25; a class the boot loader loads draws none), and a load does not always come where the
 * program's code would make it: compiled code that reaches an uncommon trap for a class it names
 * loads that class there ({@code Deoptimization::load_class_by_index}), when the compiler
 * decided, where the interpreter would not have loaded it at all. The hooks run the load on a
 * state of its own, so the program's sequence of hashes is the same whenever classes load.
 */
final class ClassLoadingInstrumentation implements TypeInstrumentation {

  static final String TYPE = "jdk/internal/loader/BuiltinClassLoader";
  static final String METHOD = "loadClassOrNull";
  static final String DESC = "(Ljava/lang/String;Z)Ljava/lang/Class;";
  static final String LOADING = "onClassLoading";
  static final String LOADING_DESC = "(Ljava/lang/String;)V";
  static final String LOADED = "onClassLoaded";
  static final String LOADED_DESC = "()V";

  @Override
  public String typeName() {
    return TYPE;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals(METHOD) || !desc.equals(DESC)) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.bracketed(mv, m -> {
      m.visitVarInsn(Opcodes.ALOAD, 1);
      HookCalls.call(m, LOADING, LOADING_DESC);
    }, LOADED);
  }
}
