package ttd.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code sun.nio.ch.SocketChannelImpl}: whether the read under way may block. A socket read keeps
 * the scheduler's baton only where it cannot block; a probe for bytes tells that for a blocking
 * channel, but a non-blocking channel's read never blocks, bytes or not, and the dispatcher's
 * {@code read0} below it is not told which it is. Given up there, the baton went on while the
 * reader held the channel's read lock: a closer then took the channel's {@code closeLock} (a JDK
 * monitor) and waited for the read lock, and a second closer blocked on {@code closeLock} for real
 * with the baton (WireMock's fault stubs; 6 of 6 of a reducer stopped after 5 s). {@code
 * beginRead(blocking)} and {@code endRead} tell the session through {@code Hooks.onChannelRead}.
 */
final class ChannelReadInstrumentation implements TypeInstrumentation {

  static final String OWNER = "sun/nio/ch/SocketChannelImpl";
  static final String BEGIN = "beginRead";
  static final String BEGIN_DESC = "(Z)V";
  static final String END = "endRead";
  static final String END_DESC = "(ZZ)V";
  static final String HOOK = "onChannelRead";
  static final String HOOK_DESC = "(Z)V";

  @Override
  public String typeName() {
    return OWNER;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (name.equals(BEGIN) && desc.equals(BEGIN_DESC)) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ILOAD, 1); // blocking
        HookCalls.call(m, HOOK, HOOK_DESC);
      });
    }
    if (name.equals(END) && desc.equals(END_DESC)) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> {
        m.visitInsn(Opcodes.ICONST_1); // no read under way: as if blocking
        HookCalls.call(m, HOOK, HOOK_DESC);
      });
    }
    return mv;
  }
}
