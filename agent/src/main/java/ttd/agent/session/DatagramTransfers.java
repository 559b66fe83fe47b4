package ttd.agent.session;

import java.io.FileDescriptor;
import java.io.IOException;
import java.util.Arrays;
import ttd.agent.io.NativeMemory;
import ttd.agent.io.RealSunNio;
import ttd.log.EventKind;
import ttd.runtime.NetOp;
import ttd.runtime.RealNet;

/**
 * Datagrams: the datagram channel's {@code receive0} and {@code send0}, which {@code
 * DatagramChannel} and (since JDK 15) {@code DatagramSocket} end in.
 *
 * <p>Both work on native memory: the data at {@code address}, and a sockaddr the receive fills in
 * with the sender (the size of the JDK's {@code NativeSocketAddress}) or the send reads the target
 * from. A recording logs the result and, when it is not negative, the sockaddr followed by the
 * bytes moved; a failure logs the exception. A replay writes a receive's sockaddr and bytes from
 * the log into the program's memory, and compares a send's target and bytes with the log instead
 * of sending: a difference is a divergence.
 */
final class DatagramTransfers {

  private static final byte[] NONE = {};

  private final Blocking blocking;

  DatagramTransfers(Blocking blocking) {
    this.blocking = blocking;
  }

  int exchange(Exchange s, ThreadState t, RealNet real, int op, Object[] a) throws IOException {
    boolean send = op == NetOp.DATAGRAM_SEND;
    EventKind kind = send ? EventKind.DATAGRAM_SEND : EventKind.DATAGRAM_RECEIVE;
    long address = (Long) a[1];
    int len = (Integer) a[2];
    long sockaddr = (Long) a[3];
    int sockaddrLength = send ? (Integer) a[4] : RealSunNio.sockaddrSize();
    if (s.performsRealIo()) {
      int n = 0;
      IOException failure = null;
      blocking.begin(t, NetOp.name(op));
      try {
        n = (Integer) real.call(op, a);
      } catch (IOException e) {
        failure = e;
      } finally {
        blocking.end(t);
      }
      if (failure != null) {
        throw NetWire.logged(s, t, kind, op, failure);
      }
      if (n < 0) {
        s.exchangeData(t, kind, NetWire.value(n), NONE, 0, 0, null);
        return n;
      }
      byte[] b = new byte[sockaddrLength + n];
      NativeMemory.read(sockaddr, b, 0, sockaddrLength);
      NativeMemory.read(address, b, sockaddrLength, n);
      s.exchangeData(t, kind, NetWire.value(n), b, 0, b.length, null);
      return n;
    }
    blocking.begin(t, NetOp.name(op)); // the hand-overs of the recorded call happen here
    blocking.end(t);
    byte[][] failure = new byte[1][];
    long v =
        s.exchangeData(t, kind, 0, null, 0, 0, (value, data, at) -> {
          if (value == NetWire.FAILED) {
            failure[0] = data;
            return false;
          }
          long n = NetWire.result(value);
          if (n < 0) {
            return false;
          }
          if (n > len || (send && n != len)) {
            s.mismatch(t, NetOp.name(op) + " of " + n + " bytes", NetOp.name(op) + " of " + len + " bytes");
          }
          if (send) {
            byte[] mine = new byte[data.length];
            copy(sockaddr, sockaddrLength, address, mine, at, false);
            if (!Arrays.equals(mine, data)) {
              int head = Math.max(0, Math.min(data.length, sockaddrLength - at));
              boolean sameTarget = Arrays.equals(mine, 0, head, data, 0, head);
              s.mismatch(t, "a datagram sent of " + shown(data, head),
                  "a datagram sent " + (sameTarget ? "" : "to another target ") + "of " + shown(mine, head));
            }
          } else {
            copy(sockaddr, sockaddrLength, address, data, at, true);
          }
          return at + data.length < sockaddrLength + n;
        });
    if (v == NetWire.FAILED) {
      throw new NetWire.Reader(failure[0]).failure();
    }
    return (int) NetWire.result(v);
  }

  /**
   * Copies between {@code b} and the slice {@code [at, at + b.length)} of the bytes the call
   * moves: the sockaddr's {@code sockaddrLength} bytes, then the data; {@code toMemory} for a
   * replayed receive.
   */
  private static void copy(long sockaddr, int sockaddrLength, long address, byte[] b, int at, boolean toMemory) {
    int head = Math.max(0, Math.min(b.length, sockaddrLength - at));
    move(sockaddr + at, b, 0, head, toMemory);
    move(address + Math.max(0, at - sockaddrLength), b, head, b.length - head, toMemory);
  }

  /** The data of a chunk, past its {@code head} bytes of sockaddr. */
  private static String shown(byte[] chunk, int head) {
    return ShownBytes.show(Arrays.copyOfRange(chunk, head, chunk.length));
  }

  private static void move(long address, byte[] b, int off, int count, boolean toMemory) {
    if (count == 0) {
      return;
    }
    if (toMemory) {
      NativeMemory.write(address, b, off, count);
    } else {
      NativeMemory.read(address, b, off, count);
    }
  }
}
