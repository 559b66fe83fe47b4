package ttd.agent.instrument;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * A class made for one capture table row whose call a recorded value replaces: its static {@code
 * probe} has the row's descriptor and only calls the row's method, and is loaded as the agent
 * rewrites it, so a test can run the rewritten call site without the JDK class that holds it.
 */
final class ValueCallProbe {

  private ValueCallProbe() {}

  /** The rewritten probe class for {@code row}. */
  static Class<?> of(Capture row) {
    String name = "ttd/probe/ValueCall";
    ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
    w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, name, null, "java/lang/Object", null);
    MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "probe", row.desc(), null, null);
    m.visitCode();
    int slot = 0;
    for (Type t : Type.getArgumentTypes(row.desc())) {
      m.visitVarInsn(t.getOpcode(Opcodes.ILOAD), slot);
      slot += t.getSize();
    }
    m.visitMethodInsn(Opcodes.INVOKESTATIC, row.owner(), row.name(), row.desc(), false);
    m.visitInsn(Type.getReturnType(row.desc()).getOpcode(Opcodes.IRETURN));
    m.visitMaxs(0, 0);
    m.visitEnd();
    w.visitEnd();
    byte[] rewritten = new ClassFileInstrumenter(null).instrument(name, w.toByteArray());
    if (rewritten == null) {
      throw new AssertionError(row.method() + ": the probe's call was not rewritten");
    }
    return new ClassLoader(ValueCallProbe.class.getClassLoader()) {
      Class<?> define() {
        return defineClass(name.replace('/', '.'), rewritten, 0, rewritten.length);
      }
    }.define();
  }

  /** The classes of {@code params}, for finding the probe by reflection. */
  static Class<?>[] parameterClasses(Type[] params) throws ClassNotFoundException {
    Class<?>[] classes = new Class<?>[params.length];
    for (int i = 0; i < params.length; i++) {
      switch (params[i].getSort()) {
        case Type.BOOLEAN:
          classes[i] = boolean.class;
          break;
        case Type.INT:
          classes[i] = int.class;
          break;
        default:
          classes[i] = Class.forName(params[i].getDescriptor().startsWith("[")
              ? params[i].getDescriptor().replace('/', '.') : params[i].getClassName());
      }
    }
    return classes;
  }
}
