package ttd.agent.session;

import java.io.FileDescriptor;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.function.BiConsumer;
import ttd.agent.io.RealSunNio;
import ttd.log.EventKind;
import ttd.runtime.NetOp;
import ttd.runtime.RealNet;

/**
 * The socket life cycle ({@code sun.nio.ch.Net}'s natives) and name lookups, recorded and replayed.
 *
 * <p>A recording runs the native and logs its result, what it filled in (the accepted socket's
 * peer, an address, an option's value, a multicast group) or the exception it threw. A replay runs none of them: it
 * checks that the program does the same thing (same operation; same peer for a connect or bind,
 * same host for a lookup), hands out a stand-in descriptor where a socket was created ({@link
 * FdTable}), and returns or throws what the recording saw. Selector natives are in {@link
 * SelectorEvents}, datagrams in {@link DatagramTransfers}.
 */
final class NetCalls {

  /** {@code POLLIN} on Linux, as {@code sun.nio.ch.Net.POLLIN} has it there. */
  private static final int POLLIN = 0x0001;

  private static final byte[] NONE = {};

  private final FdTable fds;
  private final Blocking blocking;
  private final SelectorEvents selectors;
  private final DatagramTransfers datagrams;

  NetCalls(FdTable fds, Blocking blocking, BiConsumer<Integer, Integer> pipes) {
    this.fds = fds;
    this.blocking = blocking;
    this.selectors = new SelectorEvents(fds, blocking, pipes);
    this.datagrams = new DatagramTransfers(blocking);
  }

  Object exchange(Exchange s, ThreadState t, RealNet real, int op, Object[] a) throws IOException {
    if (op == NetOp.SELECTOR_WAIT || op == NetOp.SELECTOR_CONTROL || op == NetOp.SELECTOR_WAKEUP_OPEN
        || op == NetOp.PIPE_OPEN) {
      return selectors.exchange(s, t, real, op, a);
    }
    if (op == NetOp.DATAGRAM_RECEIVE || op == NetOp.DATAGRAM_SEND) {
      return datagrams.exchange(s, t, real, op, a);
    }
    Object result = null;
    IOException failure = null;
    // the baton is given up and taken back at the same points in replay, where nothing blocks
    boolean blocks = blocks(op);
    if (blocks) {
      blocking.begin(t, NetOp.name(op), s.performsRealIo() && ready(real, op, a));
    }
    try {
      if (s.performsRealIo()) {
        result = real.call(op, a);
      }
    } catch (IOException e) {
      failure = e;
    } finally {
      if (blocks) {
        blocking.end(t);
      }
    }
    long value = 0;
    byte[] payload = NONE;
    if (s.performsRealIo()) {
      NetWire w = NetWire.of(op);
      value = failure != null ? NetWire.FAILED : NetWire.value(number(result));
      if (failure != null) {
        w.failure(failure);
      } else {
        describe(op, a, result, w);
      }
      payload = w.toBytes();
    }
    byte[][] replayed = new byte[1][];
    long[] recorded = new long[1];
    s.exchangeData(t, kind(op), value, payload, 0, payload.length, (v, data, at) -> {
      recorded[0] = v;
      replayed[0] = data;
      return false;
    });
    if (failure != null) {
      throw failure;
    }
    if (s.performsRealIo()) {
      return result;
    }
    NetWire.Reader r = new NetWire.Reader(replayed[0]);
    if (r.op != op) {
      s.mismatch(t, NetOp.name(r.op), NetOp.name(op));
    }
    if (recorded[0] == NetWire.FAILED) {
      throw r.failure();
    }
    return replay(s, t, op, a, NetWire.result(recorded[0]), r);
  }

  /** Replay: a mismatch unless the program's {@code actual} argument is the {@code recorded} one. */
  private static void expect(Exchange s, ThreadState t, String what, String recorded, String actual) {
    if (!recorded.equals(actual)) {
      s.mismatch(t, what + recorded, what + actual);
    }
  }

  /** Replay: checks the program's arguments against the recorded ones and rebuilds the result. */
  private Object replay(Exchange s, ThreadState t, int op, Object[] a, long result, NetWire.Reader r)
      throws IOException {
    switch (op) {
      case NetOp.SOCKET:
        return fds.standIn((int) result);
      case NetOp.BIND:
      case NetOp.CONNECT:
        expect(s, t, NetOp.name(op) + " to ", r.text(), peer(op, a));
        return op == NetOp.BIND ? null : (int) result;
      case NetOp.ACCEPT:
        if (result == 1) {
          int recordedFd = r.number();
          ((InetSocketAddress[]) a[2])[0] = new InetSocketAddress(r.address(), r.number());
          RealSunNio.setFdVal((FileDescriptor) a[1], fds.standIn(recordedFd));
        }
        return (int) result;
      case NetOp.LOCAL_ADDRESS:
      case NetOp.REMOTE_ADDRESS:
        return r.address();
      case NetOp.GET_OPTION:
      case NetOp.GET_INTERFACE4:
      case NetOp.GET_INTERFACE6:
        return r.number();
      case NetOp.POLL_CONNECT:
        return result != 0;
      case NetOp.LOOKUP:
        expect(s, t, "a lookup of ", r.text(), (String) a[1]);
        InetAddress[] addresses = new InetAddress[(int) result];
        for (int i = 0; i < addresses.length; i++) {
          addresses[i] = r.address();
        }
        return addresses;
      case NetOp.REVERSE_LOOKUP:
        return r.text();
      case NetOp.MEMBERSHIP4:
      case NetOp.SOURCE_FILTER4:
      case NetOp.MEMBERSHIP6:
      case NetOp.SOURCE_FILTER6:
        expect(s, t, NetOp.name(op) + " of ", r.text(), group(op, a));
        return (int) result;
      case NetOp.LISTEN:
      case NetOp.SHUTDOWN:
      case NetOp.SET_OPTION:
      case NetOp.SET_INTERFACE4:
      case NetOp.SET_INTERFACE6:
      case NetOp.DISCONNECT:
      case NetOp.CHECK_CONNECT:
        return null;
      default:
        return (int) result;
    }
  }

  /** Record: what the native filled in or returned beyond its number, into the payload. */
  private void describe(int op, Object[] a, Object result, NetWire w) throws IOException {
    switch (op) {
      case NetOp.BIND:
      case NetOp.CONNECT:
        w.text(peer(op, a));
        break;
      case NetOp.ACCEPT:
        if (((Integer) result) == 1) {
          InetSocketAddress peer = ((InetSocketAddress[]) a[2])[0];
          w.number(RealSunNio.fdVal((FileDescriptor) a[1])).address(peer.getAddress()).number(peer.getPort());
        }
        break;
      case NetOp.LOCAL_ADDRESS:
      case NetOp.REMOTE_ADDRESS:
        w.address((InetAddress) result);
        break;
      case NetOp.MEMBERSHIP4:
      case NetOp.SOURCE_FILTER4:
      case NetOp.MEMBERSHIP6:
      case NetOp.SOURCE_FILTER6:
        w.text(group(op, a));
        break;
      case NetOp.GET_OPTION:
      case NetOp.GET_INTERFACE4:
      case NetOp.GET_INTERFACE6:
        w.number((Integer) result);
        break;
      case NetOp.LOOKUP:
        w.text((String) a[1]);
        for (InetAddress address : (InetAddress[]) result) {
          w.address(address);
        }
        break;
      case NetOp.REVERSE_LOOKUP:
        w.text((String) result);
        break;
      default:
        break;
    }
  }

  /** The number a result is logged as (options and addresses go into the payload instead). */
  private static long number(Object result) {
    if (result instanceof Integer) {
      return (Integer) result;
    }
    if (result instanceof Boolean) {
      return (Boolean) result ? 1 : 0;
    }
    if (result instanceof InetAddress[]) {
      return ((InetAddress[]) result).length;
    }
    return 0;
  }

  /** A membership or source filter call: join or drop (block or unblock), the group, interface, source. */
  private static String group(int op, Object[] a) {
    boolean v4 = op == NetOp.MEMBERSHIP4 || op == NetOp.SOURCE_FILTER4;
    boolean membership = op == NetOp.MEMBERSHIP4 || op == NetOp.MEMBERSHIP6;
    String what = (Boolean) a[0] ? (membership ? "join" : "block") : (membership ? "drop" : "unblock");
    return what + " " + (v4 ? address4((Integer) a[2]) : address6((byte[]) a[2])) + " on interface "
        + (v4 ? address4((Integer) a[3]) : a[3]) + " source "
        + (v4 ? address4((Integer) a[4]) : address6((byte[]) a[4]));
  }

  private static String address4(int a) {
    return (a >>> 24) + "." + ((a >>> 16) & 0xff) + "." + ((a >>> 8) & 0xff) + "." + (a & 0xff);
  }

  private static String address6(byte[] a) {
    if (a == null) {
      return "any";
    }
    return HexFormat.of().formatHex(a);
  }

  private static String peer(int op, Object[] a) {
    InetAddress address = (InetAddress) (op == NetOp.BIND ? a[3] : a[2]);
    int port = (Integer) (op == NetOp.BIND ? a[4] : a[3]);
    return address.getHostAddress() + " port " + port;
  }

  /**
   * Whether the call gives up the baton while it waits. Not a name lookup: it waits for no program
   * thread, and on JDK 17 {@code InetAddress} holds a monitor of its own around every lookup (the
   * cache entry's in {@code NameServiceAddresses.get}, {@code cacheLock} in {@code getLocalHost}),
   * which the next thread to resolve the same name would block on while holding the baton.
   */
  /**
   * Record: whether a blocking call would return at once (a connection waits to be accepted, a
   * polled socket is ready): a poll of its descriptor with no timeout, which changes nothing.
   */
  private static boolean ready(RealNet real, int op, Object[] a) {
    if (op == NetOp.ACCEPT) {
      return readable(real, (FileDescriptor) a[0]);
    }
    if (op == NetOp.POLL) {
      return poll(real, (FileDescriptor) a[0], (Integer) a[1]);
    }
    return false;
  }

  /** Record: whether {@code fd} has bytes, a connection or an end to read now. */
  static boolean readable(RealNet real, FileDescriptor fd) {
    return poll(real, fd, POLLIN);
  }

  private static boolean poll(RealNet real, FileDescriptor fd, int events) {
    try {
      return (Integer) real.call(NetOp.POLL, new Object[] {fd, events, 0L}) > 0;
    } catch (IOException | RuntimeException e) {
      return false; // the call itself will say what is wrong
    }
  }

  private static boolean blocks(int op) {
    return op == NetOp.CONNECT
        || op == NetOp.ACCEPT
        || op == NetOp.POLL
        || op == NetOp.POLL_CONNECT;
  }

  private static EventKind kind(int op) {
    switch (op) {
      case NetOp.SOCKET:
        return EventKind.NET_SOCKET;
      case NetOp.BIND:
        return EventKind.NET_BIND;
      case NetOp.LISTEN:
        return EventKind.NET_LISTEN;
      case NetOp.CONNECT:
      case NetOp.DISCONNECT:
      case NetOp.CHECK_CONNECT:
        return EventKind.NET_CONNECT;
      case NetOp.ACCEPT:
        return EventKind.NET_ACCEPT;
      case NetOp.SHUTDOWN:
        return EventKind.NET_SHUTDOWN;
      case NetOp.LOCAL_PORT:
      case NetOp.LOCAL_ADDRESS:
      case NetOp.REMOTE_PORT:
      case NetOp.REMOTE_ADDRESS:
        return EventKind.NET_ADDRESS;
      case NetOp.GET_OPTION:
      case NetOp.SET_OPTION:
      case NetOp.MEMBERSHIP4:
      case NetOp.SOURCE_FILTER4:
      case NetOp.MEMBERSHIP6:
      case NetOp.SOURCE_FILTER6:
      case NetOp.SET_INTERFACE4:
      case NetOp.GET_INTERFACE4:
      case NetOp.SET_INTERFACE6:
      case NetOp.GET_INTERFACE6:
        return EventKind.NET_OPTION;
      case NetOp.POLL:
      case NetOp.POLL_CONNECT:
        return EventKind.NET_POLL;
      case NetOp.AVAILABLE:
        return EventKind.NET_AVAILABLE;
      case NetOp.SEND_URGENT:
        return EventKind.NET_URGENT;
      case NetOp.LOOKUP:
        return EventKind.NAME_LOOKUP;
      case NetOp.REVERSE_LOOKUP:
        return EventKind.NAME_REVERSE_LOOKUP;
      default:
        throw new IllegalArgumentException("no event for network operation " + op);
    }
  }
}
