package ttd.agent.instrument;

import java.util.List;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code sun.nio.ch.SocketChannelImpl}: whether the read or write under way may block. A socket
 * read keeps the scheduler's baton only where it cannot block; a probe for bytes tells that for a
 * blocking channel, but a non-blocking channel's read or write never blocks, and the dispatcher's
 * {@code read0}/{@code write0} below it is not told which it is. Given up there, the baton went on
 * while the reader or writer held the channel's read or write lock: a closer then took the
 * channel's {@code closeLock} (a JDK monitor) and waited for those locks, and a second closer
 * blocked on {@code closeLock} for real with the baton (WireMock's fault stubs over Jetty's HTTP/2;
 * 6 of 6 of a reducer stopped after 5 s). {@code beginRead/beginWrite(blocking)} and {@code
 * endRead/endWrite} tell the session through {@code Hooks.onChannelIo}.
 */
final class ChannelIoInstrumentation implements TypeInstrumentation {

  static final String OWNER = "sun/nio/ch/SocketChannelImpl";
  /** What begins an operation: {@code beginRead/beginWrite(blocking)} (17, 25). */
  private static final String BEGIN_DESC = "(Z)V";
  /** What ends one: {@code endRead/endWrite(blocking, completed)}. */
  private static final String END_DESC = "(ZZ)V";
  /** The methods hooked, with their descriptors. */
  static final List<String[]> METHODS = List.of(new String[] {"beginRead", BEGIN_DESC},
      new String[] {"beginWrite", BEGIN_DESC}, new String[] {"endRead", END_DESC}, new String[] {"endWrite", END_DESC});
  static final String HOOK = "onChannelIo";
  static final String HOOK_DESC = "(Z)V";

  @Override
  public String typeName() {
    return OWNER;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (!hooked(name, desc)) {
      return mv;
    }
    changed[0] = true;
    boolean begins = desc.equals(BEGIN_DESC);
    return HookCalls.onEntry(mv, access, name, desc, m -> {
      if (begins) {
        m.visitVarInsn(Opcodes.ILOAD, 1); // blocking
      } else {
        m.visitInsn(Opcodes.ICONST_1); // an end: no operation under way, as if blocking
      }
      HookCalls.call(m, HOOK, HOOK_DESC);
    });
  }

  private static boolean hooked(String name, String desc) {
    for (String[] m : METHODS) {
      if (m[0].equals(name) && m[1].equals(desc)) {
        return true;
      }
    }
    return false;
  }
}
