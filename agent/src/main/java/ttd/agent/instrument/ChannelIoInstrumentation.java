package ttd.agent.instrument;

import java.util.List;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code sun.nio.ch.SocketChannelImpl}, and a {@code Pipe}'s {@code SourceChannelImpl} and {@code
 * SinkChannelImpl}: whether the read or write under way may block. A socket
 * read keeps the scheduler's baton only where it cannot block; a probe for bytes tells that for a
 * blocking channel, but a non-blocking channel's read or write never blocks, and the dispatcher's
 * {@code read0}/{@code write0} below it is not told which it is. Given up there, the baton went on
 * while the reader or writer held the channel's read or write lock: a closer then took the
 * channel's {@code closeLock} (a JDK monitor) and waited for those locks, and a second closer
 * blocked on {@code closeLock} for real with the baton (WireMock's fault stubs over Jetty's HTTP/2;
 * 6 of 6 of a reducer stopped after 5 s). {@code beginRead/beginWrite(blocking)} and {@code
 * endRead/endWrite} tell the session through {@code Hooks.onChannelIo}. A pipe's read or write
 * in blocking mode gives up the baton while it runs, a non-blocking one keeps it, the same way.
 */
final class ChannelIoInstrumentation implements TypeInstrumentation {

  private static final String SOCKET = "sun/nio/ch/SocketChannelImpl";
  private static final String SOURCE = "sun/nio/ch/SourceChannelImpl";
  private static final String SINK = "sun/nio/ch/SinkChannelImpl";
  static final List<String> OWNERS = List.of(SOCKET, SOURCE, SINK);
  /** What begins an operation: {@code beginRead/beginWrite(blocking)} (17, 25). */
  private static final String BEGIN_DESC = "(Z)V";
  /** What ends one: {@code endRead/endWrite(blocking, completed)}. */
  private static final String END_DESC = "(ZZ)V";
  /** The methods hooked: owner, name, descriptor. */
  static final List<String[]> METHODS = List.of(
      new String[] {SOCKET, "beginRead", BEGIN_DESC}, new String[] {SOCKET, "beginWrite", BEGIN_DESC},
      new String[] {SOCKET, "endRead", END_DESC}, new String[] {SOCKET, "endWrite", END_DESC},
      new String[] {SOURCE, "beginRead", BEGIN_DESC}, new String[] {SOURCE, "endRead", END_DESC},
      new String[] {SINK, "beginWrite", BEGIN_DESC}, new String[] {SINK, "endWrite", END_DESC});
  static final String HOOK = "onChannelIo";
  static final String HOOK_DESC = "(Z)V";

  private final String owner;

  ChannelIoInstrumentation(String owner) {
    this.owner = owner;
  }

  @Override
  public String typeName() {
    return owner;
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

  private boolean hooked(String name, String desc) {
    for (String[] m : METHODS) {
      if (m[0].equals(owner) && m[1].equals(name) && m[2].equals(desc)) {
        return true;
      }
    }
    return false;
  }
}
