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
  /** The methods that begin an operation ({@code (blocking)}) and end it, with their descriptors (17, 25). */
  static final List<String[]> BEGINS = List.of(new String[] {"beginRead", "(Z)V"}, new String[] {"beginWrite", "(Z)V"});
  static final List<String[]> ENDS = List.of(new String[] {"endRead", "(ZZ)V"}, new String[] {"endWrite", "(ZZ)V"});
  static final String HOOK = "onChannelIo";
  static final String HOOK_DESC = "(Z)V";

  @Override
  public String typeName() {
    return OWNER;
  }

  @Override
  public MethodVisitor instrument(MethodVisitor mv, int access, String name, String desc, boolean[] changed) {
    if (listed(BEGINS, name, desc)) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> {
        m.visitVarInsn(Opcodes.ILOAD, 1); // blocking
        HookCalls.call(m, HOOK, HOOK_DESC);
      });
    }
    if (listed(ENDS, name, desc)) {
      changed[0] = true;
      return HookCalls.onEntry(mv, access, name, desc, m -> {
        m.visitInsn(Opcodes.ICONST_1); // no operation under way: as if blocking
        HookCalls.call(m, HOOK, HOOK_DESC);
      });
    }
    return mv;
  }

  private static boolean listed(List<String[]> methods, String name, String desc) {
    for (String[] m : methods) {
      if (m[0].equals(name) && m[1].equals(desc)) {
        return true;
      }
    }
    return false;
  }
}
