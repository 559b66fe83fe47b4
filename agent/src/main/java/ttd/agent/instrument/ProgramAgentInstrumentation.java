package ttd.agent.instrument;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code sun.instrument.InstrumentationImpl} (the same on JDK 17 and 25), where the program's own
 * Java agents reach the JVM:
 *
 * <ul>
 *   <li>{@code appendToBootstrapClassLoaderSearch(JarFile)}: the jar's name it hands the JVM passes
 *       through {@code Hooks.onValue} with the {@code value.AppendedJars} codec, which logs the jar's
 *       bytes and gives a replay a copy to hand the JVM, which reads it natively where no hook sees
 *       it;
 *   <li>{@code appendToSystemClassLoaderSearch(JarFile)} asks {@code Hooks.onSystemClassPathAppend}
 *       first and returns when it says the jar is appended already: a replay appends it without the
 *       JVM's native check of a file the program never wrote there (the one branch, at the method's
 *       start, where the frame is the method's initial one);
 *   <li>{@code loadClassAndCallAgentmain(String, String)}, which the attach listener thread calls
 *       when another process has the JVM load an agent, tells the session the agent's class and
 *       options when it returns, once the agent's {@code agentmain} has run;
 *   <li>its constructor of JDK 21 and later, {@code (long, boolean, boolean, boolean printWarning)},
 *       tells the session when it returns whether it printed the warning about an agent loaded
 *       dynamically, which the same attach listener thread prints before the agent loads;
 *   <li>{@code transform}, where the JVM calls the agent's transformers for a class, runs between
 *       {@code Hooks.onAgentTransforming} and {@code Hooks.onAgentTransformed}, also when it
 *       throws: for a JDK class's first load on a program thread, when the JVM's timing decides,
 *       the transformers of the program's agents run without ticks.
 * </ul>
 */
final class ProgramAgentInstrumentation implements TypeInstrumentation {

  static final String TYPE = "sun/instrument/InstrumentationImpl";
  static final String APPEND_BOOT = "appendToBootstrapClassLoaderSearch";
  static final String APPEND_SYSTEM = "appendToSystemClassLoaderSearch";
  static final String APPEND_DESC = "(Ljava/util/jar/JarFile;)V";
  static final String SYSTEM_HOOK = "onSystemClassPathAppend";
  static final String SYSTEM_HOOK_DESC = "(Ljava/lang/String;)Z";
  static final String ATTACH = "loadClassAndCallAgentmain";
  static final String ATTACH_DESC = "(Ljava/lang/String;Ljava/lang/String;)V";
  static final String ATTACH_HOOK = "onAgentAttached";
  static final String ATTACH_HOOK_DESC = "(Ljava/lang/String;Ljava/lang/String;)V";
  /** The constructor that prints the warning about an agent loaded dynamically (JDK 21+). */
  static final String WARNING_CONSTRUCTOR_DESC = "(JZZZ)V";
  static final String WARNING_HOOK = "onAgentInstrumentationMade";
  static final String WARNING_HOOK_DESC = "(Z)V";
  /** Where the JVM calls the agent's transformers for a class (the same on JDK 17 and 25). */
  static final String TRANSFORM = "transform";
  static final String TRANSFORM_DESC =
      "(Ljava/lang/Module;Ljava/lang/ClassLoader;Ljava/lang/String;Ljava/lang/Class;"
          + "Ljava/security/ProtectionDomain;[BZ)[B";
  static final String TRANSFORMING_HOOK = "onAgentTransforming";
  static final String TRANSFORMING_HOOK_DESC = "(Ljava/lang/Object;Ljava/lang/ClassLoader;Ljava/lang/Class;)V";
  static final String TRANSFORMED_HOOK = "onAgentTransformed";
  private static final String JAR = "java/util/jar/JarFile";
  private static final String GET_NAME = "()Ljava/lang/String;";

  private Capture bootJars;

  /** The table's row of the boot class path's jar name, whose place among the value rows its call passes. */
  void bootJarsRow(Capture row) {
    this.bootJars = row;
  }

  @Override
  public String typeName() {
    return TYPE;
  }

  @Override
  public MethodVisitor instrument(
      MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals(APPEND_BOOT) && desc.equals(APPEND_DESC)) {
      return bootJarName(mv, changed);
    }
    if (name.equals(APPEND_SYSTEM) && desc.equals(APPEND_DESC)) {
      changed[0] = true;
      return systemAppendFirstAsked(mv);
    }
    if (name.equals("<init>") && desc.equals(WARNING_CONSTRUCTOR_DESC)) {
      changed[0] = true;
      return HookCalls.onReturn(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ILOAD, 5);
        HookCalls.call(m, WARNING_HOOK, WARNING_HOOK_DESC);
      });
    }
    if (name.equals(TRANSFORM) && desc.equals(TRANSFORM_DESC)) {
      changed[0] = true;
      return HookCalls.bracketed(mv, m -> {
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitVarInsn(Opcodes.ALOAD, 2);
        m.visitVarInsn(Opcodes.ALOAD, 4);
        HookCalls.call(m, TRANSFORMING_HOOK, TRANSFORMING_HOOK_DESC);
      }, TRANSFORMED_HOOK);
    }
    if (name.equals(ATTACH) && desc.equals(ATTACH_DESC)) {
      changed[0] = true;
      return HookCalls.onReturn(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitVarInsn(Opcodes.ALOAD, 2);
        HookCalls.call(m, ATTACH_HOOK, ATTACH_HOOK_DESC);
      });
    }
    return mv;
  }

  private MethodVisitor bootJarName(MethodVisitor mv, boolean[] changed) {
    String site = TYPE.replace('/', '.') + "." + APPEND_BOOT + "(InstrumentationImpl.java)";
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitMethodInsn(int op, String owner, String callee, String d, boolean itf) {
        super.visitMethodInsn(op, owner, callee, d, itf);
        if (owner.equals(JAR) && callee.equals("getName") && d.equals(GET_NAME)) {
          changed[0] = true;
          HookCalls.pushInt(mv, CallSites.register(site, false));
          HookCalls.pushInt(mv, CaptureTable.valueNumber(bootJars));
          HookCalls.call(mv, bootJars.hookName(), bootJars.hookDesc());
          mv.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/String");
        }
      }
    };
  }

  private static MethodVisitor systemAppendFirstAsked(MethodVisitor mv) {
    return new MethodVisitor(Opcodes.ASM9, mv) {
      @Override
      public void visitCode() {
        super.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, JAR, "getName", GET_NAME, false);
        HookCalls.call(mv, SYSTEM_HOOK, SYSTEM_HOOK_DESC);
        Label asItWas = new Label();
        mv.visitJumpInsn(Opcodes.IFEQ, asItWas);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitLabel(asItWas);
        mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
      }
    };
  }
}
