package ttd.agent.io;

import java.io.FileDescriptor;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import ttd.runtime.NetOp;
import ttd.runtime.RealNet;

/**
 * Calls the real network natives ({@code sun.nio.ch.Net}, the socket dispatcher, {@code EPoll},
 * {@code EventFD}, {@code java.net.InetAddressImpl}, the datagram channel, the asynchronous
 * channels') through method handles.
 *
 * <p>The handles are looked up on first use ({@link NetNatives}), when the JDK class that calls the
 * native is already loaded, so the agent neither loads nor initialises networking classes early
 * (their initialisers read system properties the program may still set).
 */
public final class RealSunNio implements RealNet {

  /**
   * Looks the network natives up now. Recording looks them up on the first network call, on a
   * program thread; a replay never does. Linking the handles makes JDK-internal method types and
   * lambda forms that the program may use later, so both modes do it at start-up, first thing
   * after the shared hashes: the method types hash their classes ({@code InetAddress} among
   * them), which must not depend on what each mode did before.
   */
  public static void prepare() {
    NetNatives.get();
  }

  @Override
  public Object call(int op, Object[] a) throws IOException {
    try {
      return dispatch(op, a);
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }

  private static Object dispatch(int op, Object[] a) throws Throwable {
    NetNatives n = NetNatives.get();
    switch (op) {
      case NetOp.SOCKET:
        return (int) n.socket0.invokeExact((boolean) a[0], (boolean) a[1], (boolean) a[2], (boolean) a[3]);
      case NetOp.BIND:
        n.bind0.invokeExact(fd(a[0]), (boolean) a[1], (boolean) a[2], (InetAddress) a[3], (int) a[4]);
        return null;
      case NetOp.LISTEN:
        n.listen.invokeExact(fd(a[0]), (int) a[1]);
        return null;
      case NetOp.CONNECT:
        return (int) n.connect0.invokeExact((boolean) a[0], fd(a[1]), (InetAddress) a[2], (int) a[3]);
      case NetOp.ACCEPT:
        return (int) n.accept.invokeExact(fd(a[0]), fd(a[1]), (InetSocketAddress[]) a[2]);
      case NetOp.SHUTDOWN:
        n.shutdown.invokeExact(fd(a[0]), (int) a[1]);
        return null;
      case NetOp.LOCAL_PORT:
        return (int) n.localPort.invokeExact(fd(a[0]));
      case NetOp.LOCAL_ADDRESS:
        return (InetAddress) n.localInetAddress.invokeExact(fd(a[0]));
      case NetOp.REMOTE_PORT:
        return (int) n.remotePort.invokeExact(fd(a[0]));
      case NetOp.REMOTE_ADDRESS:
        return (InetAddress) n.remoteInetAddress.invokeExact(fd(a[0]));
      case NetOp.GET_OPTION:
        return (int) n.getIntOption0.invokeExact(fd(a[0]), (boolean) a[1], (int) a[2], (int) a[3]);
      case NetOp.SET_OPTION:
        n.setIntOption0.invokeExact(
            fd(a[0]), (boolean) a[1], (int) a[2], (int) a[3], (int) a[4], (boolean) a[5]);
        return null;
      case NetOp.MEMBERSHIP4:
        return (int) n.joinOrDrop4.invokeExact((boolean) a[0], fd(a[1]), (int) a[2], (int) a[3], (int) a[4]);
      case NetOp.SOURCE_FILTER4:
        return (int) n.blockOrUnblock4.invokeExact((boolean) a[0], fd(a[1]), (int) a[2], (int) a[3], (int) a[4]);
      case NetOp.MEMBERSHIP6:
        return (int) n.joinOrDrop6.invokeExact((boolean) a[0], fd(a[1]), (byte[]) a[2], (int) a[3], (byte[]) a[4]);
      case NetOp.SOURCE_FILTER6:
        return (int) n.blockOrUnblock6.invokeExact(
            (boolean) a[0], fd(a[1]), (byte[]) a[2], (int) a[3], (byte[]) a[4]);
      case NetOp.SET_INTERFACE4:
        n.setInterface4.invokeExact(fd(a[0]), (int) a[1]);
        return null;
      case NetOp.GET_INTERFACE4:
        return (int) n.getInterface4.invokeExact(fd(a[0]));
      case NetOp.SET_INTERFACE6:
        n.setInterface6.invokeExact(fd(a[0]), (int) a[1]);
        return null;
      case NetOp.GET_INTERFACE6:
        return (int) n.getInterface6.invokeExact(fd(a[0]));
      case NetOp.POLL:
        return (int) n.poll.invokeExact(fd(a[0]), (int) a[1], (long) a[2]);
      case NetOp.POLL_CONNECT:
        return (boolean) n.pollConnect.invokeExact(fd(a[0]), (long) a[1]);
      case NetOp.AVAILABLE:
        return (int) n.available.invokeExact(fd(a[0]));
      case NetOp.SEND_URGENT:
        return (int) n.sendOOB.invokeExact(fd(a[0]), (byte) a[1]);
      case NetOp.SELECTOR_WAIT:
        return (int) n.epollWait.invokeExact((int) a[0], (long) a[1], (int) a[2], (int) a[3]);
      case NetOp.SELECTOR_CONTROL:
        return (int) n.epollCtl.invokeExact((int) a[0], (int) a[1], (int) a[2], (int) a[3]);
      case NetOp.SELECTOR_WAKEUP_OPEN:
        return (int) n.eventfd0.invokeExact();
      case NetOp.LOOKUP:
        return n.lookup(a);
      case NetOp.REVERSE_LOOKUP:
        return n.reverseLookup(a[0], (byte[]) a[1]);
      case NetOp.DATAGRAM_RECEIVE:
        return (int) n.receive0.invokeExact(fd(a[0]), (long) a[1], (int) a[2], (long) a[3], (boolean) a[4]);
      case NetOp.DATAGRAM_SEND:
        return (int) n.send0.invokeExact(fd(a[0]), (long) a[1], (int) a[2], (long) a[3], (int) a[4]);
      case NetOp.DISCONNECT:
        n.disconnect0.invokeExact(fd(a[0]), (boolean) a[1]);
        return null;
      case NetOp.CHECK_CONNECT:
        n.checkConnect().invokeExact((int) a[0]);
        return null;
      case NetOp.PIPE_OPEN:
        return (long) n.makePipe.invokeExact((boolean) a[0]);
      default:
        throw new IllegalArgumentException("no network native " + op);
    }
  }

  @Override
  public long transfer(int op, FileDescriptor fd, long address, int len) throws IOException {
    NetNatives n = NetNatives.get();
    try {
      switch (op) {
        case NetOp.READ:
          return (int) n.read0.invokeExact(fd, address, len);
        case NetOp.READV:
          return (long) n.readv0.invokeExact(fd, address, len);
        case NetOp.WRITE:
          return (int) n.write0.invokeExact(fd, address, len);
        case NetOp.WRITEV:
          return (long) n.writev0.invokeExact(fd, address, len);
        case NetOp.DATAGRAM_READ:
          return (int) n.datagramRead0.invokeExact(fd, address, len);
        case NetOp.DATAGRAM_READV:
          return (long) n.datagramReadv0.invokeExact(fd, address, len);
        case NetOp.DATAGRAM_WRITE:
          return (int) n.datagramWrite0.invokeExact(fd, address, len);
        case NetOp.DATAGRAM_WRITEV:
          return (long) n.datagramWritev0.invokeExact(fd, address, len);
        default:
          throw new IllegalArgumentException("no socket transfer " + op);
      }
    } catch (Throwable t) {
      throw Rethrow.io(t);
    }
  }

  /** Sets the descriptor's fd number, as the accept native does for the new socket. */
  public static void setFdVal(FileDescriptor fd, int value) {
    try {
      NetNatives.get().setfdVal.invokeExact(fd, value);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  /** The descriptor's fd number. */
  public static int fdVal(FileDescriptor fd) {
    try {
      return (int) NetNatives.get().fdVal.invokeExact(fd);
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  /** The size of the sockaddr that {@code receive0} fills in ({@code NativeSocketAddress}). */
  public static int sockaddrSize() {
    try {
      return NetNatives.get().sockaddrSize();
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  /** {size of an epoll_event, offset of its events, offset of its fd}, as {@code EPoll} has them. */
  public static int[] epollLayout() {
    try {
      return NetNatives.get().epollLayout();
    } catch (Throwable t) {
      throw Rethrow.unchecked(t);
    }
  }

  private static FileDescriptor fd(Object o) {
    return (FileDescriptor) o;
  }
}
