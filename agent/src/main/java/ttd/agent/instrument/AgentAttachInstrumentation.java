package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code sun.instrument.InstrumentationImpl.loadClassAndCallAgentmain(String, String)} (the same on
 * JDK 17 and 25), which the JVM's attach listener thread calls when another process has the JVM
 * load a Java agent: on entry it tells the session the agent's class, before any of the agent runs.
 */
final class AgentAttachInstrumentation implements TypeInstrumentation {

  static final String TYPE = "sun/instrument/InstrumentationImpl";
  static final String METHOD = "loadClassAndCallAgentmain";
  static final String DESC = "(Ljava/lang/String;Ljava/lang/String;)V";

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
    return HookCalls.onEntry(mv, access, name, desc, m -> {
      m.visitVarInsn(Opcodes.ALOAD, 1);
      HookCalls.call(m, "onAgentAttached", "(Ljava/lang/String;)V");
    });
  }
}
