package ttd.agent.session;

import java.io.FileDescriptor;
import java.io.IOException;
import java.util.Arrays;
import ttd.agent.io.NativeMemory;
import ttd.log.EventKind;
import ttd.runtime.NetOp;
import ttd.runtime.RealNet;

/**
 * Socket reads and writes: the socket dispatcher's {@code read0/readv0/write0/writev0}, which
 * every socket API ends in (streams of {@code Socket}, channels, HTTP clients and servers), and the
 * datagram dispatcher's, which a connected {@code DatagramChannel}'s read and write end in.
 *
 * <p>They work on native memory: a buffer at {@code address}, or for the vector forms an array of
 * {@code len} iovecs (base, length). A recording logs each call's result and the bytes it moved
 * (short reads, EOF, "would block" and exceptions included); a replay fills a read's memory from
 * the log, and compares a write's bytes with the log instead of sending them. A difference is a
 * divergence.
 */
final class SocketTransfers {

  private static final byte[] NONE = {};
  /** {@code sun.nio.ch.IOStatus.UNAVAILABLE}: a non-blocking call had nothing to do. */
  private static final long UNAVAILABLE = -2;
  /** struct iovec on 64-bit Linux: {void *base; size_t len}. */

  private final Blocking blocking;
  private final ThreadLocal<byte[]> scratch = ThreadLocal.withInitial(() -> new byte[8192]);

  SocketTransfers(Blocking blocking) {
    this.blocking = blocking;
  }

  long exchange(Exchange s, ThreadState t, RealNet real, int op, FileDescriptor fd, long address, int len)
      throws IOException {
    boolean write = op == NetOp.WRITE || op == NetOp.WRITEV || op == NetOp.DATAGRAM_WRITE || op == NetOp.DATAGRAM_WRITEV;
    EventKind kind = write ? EventKind.SOCKET_WRITE : EventKind.SOCKET_READ;
    if (s.performsRealIo()) {
      long n = 0;
      IOException failure = null;
      // a call that cannot block keeps the baton: a non-blocking channel's, or a read with bytes there
      blocking.begin(t, NetOp.name(op), t.nonBlockingIo || !write && NetCalls.readable(real, fd));
      try {
        n = real.transfer(op, fd, address, len);
      } catch (IOException e) {
        failure = e;
      } finally {
        blocking.end(t);
      }
      if (failure != null) {
        throw NetWire.logged(s, t, kind, op, failure);
      }
      if (t.nonBlockingIo && (n == 0 || n == UNAVAILABLE)) {
        blocking.offerTurn(t); // polling a quiet or full channel lets the others run, as a wait would
      }
      if (n <= 0) {
        s.exchangeData(t, kind, NetWire.value(n), NONE, 0, 0, null);
        return n;
      }
      byte[] b = buffer((int) n);
      copy(op, address, len, b, 0, (int) n, false);
      s.exchangeData(t, kind, NetWire.value(n), b, 0, (int) n, null);
      return n;
    }
    blocking.begin(t, NetOp.name(op)); // the hand-overs of the recorded call happen here
    blocking.end(t);
    long room = contiguous(op) ? len : NativeMemory.iovecLength(address, len);
    byte[][] failure = new byte[1][];
    long v =
        s.exchangeData(t, kind, 0, null, 0, 0, (value, data, at) -> {
          if (value == NetWire.FAILED) {
            failure[0] = data;
            return false;
          }
          long n = NetWire.result(value);
          if (at + (long) data.length > room) {
            s.mismatch(t, NetOp.name(op) + " of " + n + " bytes", NetOp.name(op) + " with room for " + room + " bytes");
          }
          if (write) {
            byte[] mine = new byte[data.length];
            copy(op, address, len, mine, at, data.length, false);
            if (!Arrays.equals(mine, data)) {
              String[] shown = ShownBytes.showDifference(data, mine);
              s.mismatch(t, "a write to a socket of " + shown[0], "a write to a socket of " + shown[1]);
            }
          } else {
            copy(op, address, len, data, at, data.length, true);
          }
          return at + data.length < n;
        });
    if (v == NetWire.FAILED) {
      throw new NetWire.Reader(failure[0]).failure();
    }
    return NetWire.result(v);
  }

  /**
   * Copies between the native memory of a call and {@code b[0..count)}, which is the slice
   * {@code [at, at + count)} of the bytes the call moves; {@code toMemory} for a replayed read.
   */
  private static void copy(int op, long address, int len, byte[] b, int at, int count, boolean toMemory) {
    if (!contiguous(op)) {
      NativeMemory.iovecCopy(address, len, b, at, count, toMemory);
    } else if (toMemory) {
      NativeMemory.write(address + at, b, 0, count);
    } else {
      NativeMemory.read(address + at, b, 0, count);
    }
  }

  private static boolean contiguous(int op) {
    return op == NetOp.READ || op == NetOp.WRITE || op == NetOp.DATAGRAM_READ || op == NetOp.DATAGRAM_WRITE;
  }

  private byte[] buffer(int n) {
    byte[] b = scratch.get();
    if (b.length < n) {
      b = new byte[Math.max(n, b.length * 2)];
      scratch.set(b);
    }
    return b;
  }
}
