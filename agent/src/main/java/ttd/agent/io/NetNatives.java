package ttd.agent.io;

import java.io.FileDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Method handles on the JDK's private network natives, looked up once on first use.
 *
 * <p>The names and descriptors are those of JDK 17 and 25 alike, with two differences handled
 * here: socket writes are {@code FileDispatcherImpl.write0/writev0} on 17 and the socket
 * dispatcher's own on 25, and the name service's lookup takes a lookup policy from JDK 18 on.
 */
final class NetNatives {

  private static volatile NetNatives instance;

  final MethodHandle socket0;
  final MethodHandle bind0;
  final MethodHandle listen;
  final MethodHandle connect0;
  final MethodHandle accept;
  final MethodHandle shutdown;
  final MethodHandle localPort;
  final MethodHandle localInetAddress;
  final MethodHandle remotePort;
  final MethodHandle remoteInetAddress;
  final MethodHandle getIntOption0;
  final MethodHandle setIntOption0;
  final MethodHandle joinOrDrop4;
  final MethodHandle blockOrUnblock4;
  final MethodHandle joinOrDrop6;
  final MethodHandle blockOrUnblock6;
  final MethodHandle setInterface4;
  final MethodHandle getInterface4;
  final MethodHandle setInterface6;
  final MethodHandle getInterface6;
  final MethodHandle poll;
  final MethodHandle pollConnect;
  final MethodHandle available;
  final MethodHandle sendOOB;
  final MethodHandle read0;
  final MethodHandle readv0;
  final MethodHandle write0;
  final MethodHandle writev0;
  final MethodHandle receive0;
  final MethodHandle send0;
  final MethodHandle disconnect0;
  final MethodHandle datagramRead0;
  final MethodHandle datagramReadv0;
  final MethodHandle datagramWrite0;
  final MethodHandle datagramWritev0;
  final MethodHandle epollWait;
  final MethodHandle epollCtl;
  final MethodHandle eventfd0;
  final MethodHandle setfdVal;
  final MethodHandle fdVal;
  final MethodHandle makePipe;
  private volatile MethodHandle checkConnect;
  private final MethodHandle lookupAllHostAddr;
  private final MethodHandle getHostByAddr;

  private NetNatives() throws ReflectiveOperationException {
    Class<?> fd = FileDescriptor.class;
    Class<?> net = type("sun.nio.ch.Net");
    MethodHandles.Lookup l = lookup(net);
    socket0 = l.findStatic(net, "socket0", mt(int.class, boolean.class, boolean.class, boolean.class, boolean.class));
    bind0 = l.findStatic(net, "bind0", mt(void.class, fd, boolean.class, boolean.class, InetAddress.class, int.class));
    listen = l.findStatic(net, "listen", mt(void.class, fd, int.class));
    connect0 = l.findStatic(net, "connect0", mt(int.class, boolean.class, fd, InetAddress.class, int.class));
    accept = l.findStatic(net, "accept", mt(int.class, fd, fd, InetSocketAddress[].class));
    shutdown = l.findStatic(net, "shutdown", mt(void.class, fd, int.class));
    localPort = l.findStatic(net, "localPort", mt(int.class, fd));
    localInetAddress = l.findStatic(net, "localInetAddress", mt(InetAddress.class, fd));
    remotePort = l.findStatic(net, "remotePort", mt(int.class, fd));
    remoteInetAddress = l.findStatic(net, "remoteInetAddress", mt(InetAddress.class, fd));
    getIntOption0 = l.findStatic(net, "getIntOption0", mt(int.class, fd, boolean.class, int.class, int.class));
    setIntOption0 =
        l.findStatic(net, "setIntOption0", mt(void.class, fd, boolean.class, int.class, int.class, int.class, boolean.class));
    joinOrDrop4 = l.findStatic(net, "joinOrDrop4", mt(int.class, boolean.class, fd, int.class, int.class, int.class));
    blockOrUnblock4 =
        l.findStatic(net, "blockOrUnblock4", mt(int.class, boolean.class, fd, int.class, int.class, int.class));
    joinOrDrop6 =
        l.findStatic(net, "joinOrDrop6", mt(int.class, boolean.class, fd, byte[].class, int.class, byte[].class));
    blockOrUnblock6 =
        l.findStatic(net, "blockOrUnblock6", mt(int.class, boolean.class, fd, byte[].class, int.class, byte[].class));
    setInterface4 = l.findStatic(net, "setInterface4", mt(void.class, fd, int.class));
    getInterface4 = l.findStatic(net, "getInterface4", mt(int.class, fd));
    setInterface6 = l.findStatic(net, "setInterface6", mt(void.class, fd, int.class));
    getInterface6 = l.findStatic(net, "getInterface6", mt(int.class, fd));
    poll = l.findStatic(net, "poll", mt(int.class, fd, int.class, long.class));
    pollConnect = l.findStatic(net, "pollConnect", mt(boolean.class, fd, long.class));
    available = l.findStatic(net, "available", mt(int.class, fd));
    sendOOB = l.findStatic(net, "sendOOB", mt(int.class, fd, byte.class));
    Class<?> dispatcher = type("sun.nio.ch.SocketDispatcher");
    MethodHandles.Lookup d = lookup(dispatcher);
    read0 = d.findStatic(dispatcher, "read0", mt(int.class, fd, long.class, int.class));
    readv0 = d.findStatic(dispatcher, "readv0", mt(long.class, fd, long.class, int.class));
    Class<?> writer = declares(dispatcher, "write0") ? dispatcher : type("sun.nio.ch.FileDispatcherImpl");
    MethodHandles.Lookup w = lookup(writer);
    write0 = w.findStatic(writer, "write0", mt(int.class, fd, long.class, int.class));
    writev0 = w.findStatic(writer, "writev0", mt(long.class, fd, long.class, int.class));
    Class<?> datagrams = type("sun.nio.ch.DatagramChannelImpl");
    MethodHandles.Lookup g = lookup(datagrams);
    receive0 = g.findStatic(datagrams, "receive0", mt(int.class, fd, long.class, int.class, long.class, boolean.class));
    send0 = g.findStatic(datagrams, "send0", mt(int.class, fd, long.class, int.class, long.class, int.class));
    disconnect0 = g.findStatic(datagrams, "disconnect0", mt(void.class, fd, boolean.class));
    Class<?> dd = type("sun.nio.ch.DatagramDispatcher");
    MethodHandles.Lookup ddl = lookup(dd);
    datagramRead0 = ddl.findStatic(dd, "read0", mt(int.class, fd, long.class, int.class));
    datagramReadv0 = ddl.findStatic(dd, "readv0", mt(long.class, fd, long.class, int.class));
    datagramWrite0 = ddl.findStatic(dd, "write0", mt(int.class, fd, long.class, int.class));
    datagramWritev0 = ddl.findStatic(dd, "writev0", mt(long.class, fd, long.class, int.class));
    Class<?> epoll = type("sun.nio.ch.EPoll");
    MethodHandles.Lookup e = lookup(epoll);
    epollWait = e.findStatic(epoll, "wait", mt(int.class, int.class, long.class, int.class, int.class));
    epollCtl = e.findStatic(epoll, "ctl", mt(int.class, int.class, int.class, int.class, int.class));
    Class<?> eventFd = type("sun.nio.ch.EventFD");
    eventfd0 = lookup(eventFd).findStatic(eventFd, "eventfd0", mt(int.class));
    Class<?> ioUtil = type("sun.nio.ch.IOUtil");
    MethodHandles.Lookup io = lookup(ioUtil);
    setfdVal = io.findStatic(ioUtil, "setfdVal", mt(void.class, fd, int.class));
    fdVal = io.findStatic(ioUtil, "fdVal", mt(int.class, fd));
    makePipe = io.findStatic(ioUtil, "makePipe", mt(long.class, boolean.class));
    Class<?> impl = type("java.net.InetAddressImpl");
    MethodHandles.Lookup i = lookup(impl);
    MethodHandle lookup;
    try {
      Class<?> policy = type("java.net.spi.InetAddressResolver$LookupPolicy");
      lookup = i.findVirtual(impl, "lookupAllHostAddr", mt(InetAddress[].class, String.class, policy));
    } catch (ClassNotFoundException old) {
      lookup = i.findVirtual(impl, "lookupAllHostAddr", mt(InetAddress[].class, String.class));
    }
    lookupAllHostAddr = lookup.asType(lookup.type().generic().changeReturnType(InetAddress[].class));
    getHostByAddr =
        i.findVirtual(impl, "getHostByAddr", mt(String.class, byte[].class))
            .asType(mt(String.class, Object.class, byte[].class));
  }

  static NetNatives get() {
    NetNatives n = instance;
    if (n == null) {
      synchronized (NetNatives.class) {
        n = instance;
        if (n == null) {
          try {
            n = new NetNatives();
          } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the JDK's network natives are not where ttd expects them", e);
          }
          instance = n;
        }
      }
    }
    return n;
  }

  /**
   * {@code UnixAsynchronousSocketChannelImpl.checkConnect(int)}, looked up when first needed: only
   * programs with asynchronous channels load that class.
   */
  MethodHandle checkConnect() throws ReflectiveOperationException {
    MethodHandle h = checkConnect;
    if (h == null) {
      Class<?> channel = type("sun.nio.ch.UnixAsynchronousSocketChannelImpl");
      h = lookup(channel).findStatic(channel, "checkConnect", mt(void.class, int.class));
      checkConnect = h;
    }
    return h;
  }

  /** {@code lookupAllHostAddr(impl, host[, policy])}, whichever this JDK has. */
  InetAddress[] lookup(Object[] a) throws Throwable {
    return a.length == 2
        ? (InetAddress[]) lookupAllHostAddr.invoke(a[0], a[1])
        : (InetAddress[]) lookupAllHostAddr.invoke(a[0], a[1], a[2]);
  }

  String reverseLookup(Object impl, byte[] address) throws Throwable {
    return (String) getHostByAddr.invokeExact(impl, address);
  }

  /** The size of the sockaddr the datagram natives fill in or read ({@code NativeSocketAddress}). */
  int sockaddrSize() throws Throwable {
    Class<?> sockaddr = type("sun.nio.ch.NativeSocketAddress");
    return (int) lookup(sockaddr).findStaticGetter(sockaddr, "SIZEOF_SOCKETADDRESS", int.class).invokeExact();
  }

  int[] epollLayout() throws Throwable {
    Class<?> epoll = type("sun.nio.ch.EPoll");
    MethodHandles.Lookup l = lookup(epoll);
    return new int[] {
      (int) l.findStaticGetter(epoll, "SIZEOF_EPOLLEVENT", int.class).invokeExact(),
      (int) l.findStaticGetter(epoll, "OFFSETOF_EVENTS", int.class).invokeExact(),
      (int) l.findStaticGetter(epoll, "OFFSETOF_FD", int.class).invokeExact(),
    };
  }

  private static boolean declares(Class<?> c, String method) {
    for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
      if (m.getName().equals(method)) {
        return true;
      }
    }
    return false;
  }

  private static Class<?> type(String name) throws ClassNotFoundException {
    return Class.forName(name, false, null);
  }

  private static MethodHandles.Lookup lookup(Class<?> c) throws IllegalAccessException {
    return MethodHandles.privateLookupIn(c, MethodHandles.lookup());
  }

  private static MethodType mt(Class<?> r, Class<?>... p) {
    return MethodType.methodType(r, p);
  }
}
