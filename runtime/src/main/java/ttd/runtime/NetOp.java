package ttd.runtime;

/**
 * The network natives a hook stands for, as passed to {@link HookDelegate#onNet} and {@link
 * HookDelegate#onSocket}: {@code sun.nio.ch.Net}'s socket life cycle, the socket dispatcher's
 * reads and writes, the epoll selector, the name service, the datagram channel's natives, the
 * multicast natives and those only the asynchronous socket channels call.
 */
public final class NetOp {

  // sun.nio.ch.Net
  public static final int SOCKET = 1;
  public static final int BIND = 2;
  public static final int LISTEN = 3;
  public static final int CONNECT = 4;
  public static final int ACCEPT = 5;
  public static final int SHUTDOWN = 6;
  public static final int LOCAL_PORT = 7;
  public static final int LOCAL_ADDRESS = 8;
  public static final int REMOTE_PORT = 9;
  public static final int REMOTE_ADDRESS = 10;
  public static final int GET_OPTION = 11;
  public static final int SET_OPTION = 12;
  public static final int POLL = 13;
  public static final int POLL_CONNECT = 14;
  public static final int AVAILABLE = 15;
  public static final int SEND_URGENT = 16;
  // sun.nio.ch.SocketDispatcher (read0, readv0, write0, writev0)
  public static final int READ = 17;
  public static final int READV = 18;
  public static final int WRITE = 19;
  public static final int WRITEV = 20;
  // sun.nio.ch.EPoll and EventFD, as the epoll selector calls them
  public static final int SELECTOR_WAIT = 21;
  public static final int SELECTOR_CONTROL = 22;
  public static final int SELECTOR_WAKEUP_OPEN = 23;
  // java.net.InetAddressImpl, as the platform name service calls it
  public static final int LOOKUP = 24;
  public static final int REVERSE_LOOKUP = 25;
  // sun.nio.ch.DatagramChannelImpl (receive0, send0, disconnect0)
  public static final int DATAGRAM_RECEIVE = 26;
  public static final int DATAGRAM_SEND = 27;
  public static final int DISCONNECT = 28;
  // sun.nio.ch.DatagramDispatcher (a connected datagram channel's read0, readv0, write0, writev0)
  public static final int DATAGRAM_READ = 29;
  public static final int DATAGRAM_READV = 30;
  public static final int DATAGRAM_WRITE = 31;
  public static final int DATAGRAM_WRITEV = 32;
  // the asynchronous channels: UnixAsynchronousSocketChannelImpl.checkConnect; IOUtil.makePipe,
  // the pipe of EPollPort or of the program's Pipe
  public static final int CHECK_CONNECT = 33;
  public static final int PIPE_OPEN = 34;
  // sun.nio.ch.Net's multicast natives: membership (join or drop, block or unblock a source) and
  // the interface multicast datagrams leave by (IP_MULTICAST_IF), for IPv4 and IPv6
  public static final int MEMBERSHIP4 = 35;
  public static final int SOURCE_FILTER4 = 36;
  public static final int MEMBERSHIP6 = 37;
  public static final int SOURCE_FILTER6 = 38;
  public static final int SET_INTERFACE4 = 39;
  public static final int GET_INTERFACE4 = 40;
  public static final int SET_INTERFACE6 = 41;
  public static final int GET_INTERFACE6 = 42;

  /** Ops are below this. */
  public static final int COUNT = 43;

  private static final String[] NAMES = {
    null, "socket0", "bind0", "listen", "connect0", "accept", "shutdown", "localPort",
    "localInetAddress", "remotePort", "remoteInetAddress", "getIntOption0", "setIntOption0", "poll",
    "pollConnect", "available", "sendOOB", "read0", "readv0", "write0", "writev0", "EPoll.wait",
    "EPoll.ctl", "EventFD.eventfd0", "lookupAllHostAddr", "getHostByAddr",
    "receive0", "send0", "disconnect0", "DatagramDispatcher.read0", "DatagramDispatcher.readv0",
    "DatagramDispatcher.write0", "DatagramDispatcher.writev0", "checkConnect", "EPollPort's makePipe",
    "joinOrDrop4", "blockOrUnblock4", "joinOrDrop6", "blockOrUnblock6", "setInterface4", "getInterface4",
    "setInterface6", "getInterface6",
  };

  private NetOp() {}

  /** The native's name, for reports. */
  public static String name(int op) {
    return op > 0 && op < NAMES.length ? NAMES[op] : "network operation " + op;
  }
}
