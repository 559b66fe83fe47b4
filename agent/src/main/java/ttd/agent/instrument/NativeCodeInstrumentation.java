package ttd.agent.instrument;

import java.util.function.Consumer;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Where a program brings in native code of its own: the JDK opening a native library for it
 * ({@code System.load/loadLibrary}, so every JNI library, and the foreign-function API's {@code
 * SymbolLookup.libraryLookup}), or opening one in its own native code (a PKCS#11 module the
 * program configures for {@code SunPKCS11}). What that code reads and changes passes no hook, so
 * the session must hear of it before the library opens ({@code Hooks.onNativeLibraryOpen}, at the
 * entry of the JDK method that opens it).
 */
final class NativeCodeInstrumentation implements TypeInstrumentation {

  private static final String LIBRARY_OPEN = "(Ljava/lang/String;ZLjava/lang/Class;)V";

  /** {@code PKCS11.getInstance(modulePath, functionList, initArgs, omitInitialize)} (17, 25). */
  static final String PKCS11_GET_INSTANCE =
      "(Ljava/lang/String;Ljava/lang/String;Lsun/security/pkcs11/wrapper/CK_C_INITIALIZE_ARGS;Z)"
          + "Lsun/security/pkcs11/wrapper/PKCS11;";

  private final String type;
  private final String method;
  private final String desc;
  private final Consumer<MethodVisitor> hookCall;

  private NativeCodeInstrumentation(String type, String method, String desc, Consumer<MethodVisitor> hookCall) {
    this.type = type;
    this.method = method;
    this.desc = desc;
    this.hookCall = hookCall;
  }

  /** {@code NativeLibraryImpl.open()}: every library {@code System.load/loadLibrary} opens (17, 25). */
  static NativeCodeInstrumentation jniLibraries() {
    String impl = "jdk/internal/loader/NativeLibraries$NativeLibraryImpl";
    return new NativeCodeInstrumentation(impl, "open", "()Z", mv -> {
      mv.visitVarInsn(Opcodes.ALOAD, 0);
      mv.visitFieldInsn(Opcodes.GETFIELD, impl, "name", "Ljava/lang/String;");
      mv.visitVarInsn(Opcodes.ALOAD, 0);
      mv.visitFieldInsn(Opcodes.GETFIELD, impl, "isBuiltin", "Z");
      mv.visitVarInsn(Opcodes.ALOAD, 0);
      mv.visitFieldInsn(Opcodes.GETFIELD, impl, "fromClass", "Ljava/lang/Class;");
      HookCalls.call(mv, "onNativeLibraryOpen", LIBRARY_OPEN);
    });
  }

  /** {@code RawNativeLibraryImpl.open()}: {@code SymbolLookup.libraryLookup} (JDK 22+). */
  static NativeCodeInstrumentation rawLibraries() {
    String impl = "jdk/internal/loader/RawNativeLibraries$RawNativeLibraryImpl";
    return new NativeCodeInstrumentation(impl, "open", "()Z", mv -> {
      mv.visitVarInsn(Opcodes.ALOAD, 0);
      mv.visitFieldInsn(Opcodes.GETFIELD, impl, "name", "Ljava/lang/String;");
      mv.visitInsn(Opcodes.ICONST_0);
      mv.visitInsn(Opcodes.ACONST_NULL);
      HookCalls.call(mv, "onNativeLibraryOpen", LIBRARY_OPEN);
    });
  }

  /**
   * {@code sun.security.pkcs11.wrapper.PKCS11.getInstance}: the module a {@code SunPKCS11}
   * configuration names ({@code library=...}), which the JDK's {@code libj2pkcs11} opens with
   * {@code dlopen} and calls; before, a replay opened and ran it again (a token's driver).
   */
  static NativeCodeInstrumentation pkcs11Modules() {
    return new NativeCodeInstrumentation("sun/security/pkcs11/wrapper/PKCS11", "getInstance", PKCS11_GET_INSTANCE,
        mv -> {
          mv.visitVarInsn(Opcodes.ALOAD, 0);
          mv.visitInsn(Opcodes.ICONST_0);
          mv.visitInsn(Opcodes.ACONST_NULL);
          HookCalls.call(mv, "onNativeLibraryOpen", LIBRARY_OPEN);
        });
  }

  @Override
  public String typeName() {
    return type;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!name.equals(method) || !desc.equals(this.desc)) {
      return mv;
    }
    changed[0] = true;
    return HookCalls.onEntry(mv, access, name, desc, hookCall);
  }
}
