package ttd.runtime;

import java.io.FileDescriptor;

/**
 * The hooks that stand in for network natives (the group of I/O hooks beside {@link Hooks}, whose
 * delegate they share): the socket natives of {@code sun.nio.ch.Net}, the socket and datagram
 * dispatchers' reads and writes, the epoll selector's natives (also as the asynchronous channels'
 * {@code EPollPort} calls them), the platform name service's lookups, each rewritten at its call
 * sites in the JDK classes that call it.
 *
 * <p>Every hook has the native's own descriptor (the receiver first for the name service), so the
 * call site's stack stays as it was. Each forwards to {@link HookDelegate#onNet} (or {@link
 * HookDelegate#onSocket} for a transfer); with no delegate, to the real native.
 */
public final class NetHooks {

  private static volatile RealNet realNet;

  private NetHooks() {}

  /** Installs the real network natives, before any of their call sites is rewritten. */
  public static void installRealNet(RealNet net) {
    realNet = net;
  }

  public static int onNetSocket(boolean preferIPv6, boolean stream, boolean reuse, boolean fastLoopback)
      throws java.io.IOException {
    return (Integer) net(NetOp.SOCKET, preferIPv6, stream, reuse, fastLoopback);
  }

  public static void onNetBind(
      FileDescriptor fd, boolean preferIPv6, boolean exclusive, java.net.InetAddress address, int port)
      throws java.io.IOException {
    net(NetOp.BIND, fd, preferIPv6, exclusive, address, port);
  }

  public static void onNetListen(FileDescriptor fd, int backlog) throws java.io.IOException {
    net(NetOp.LISTEN, fd, backlog);
  }

  public static int onNetConnect(
      boolean preferIPv6, FileDescriptor fd, java.net.InetAddress remote, int port)
      throws java.io.IOException {
    return (Integer) net(NetOp.CONNECT, preferIPv6, fd, remote, port);
  }

  public static int onNetAccept(
      FileDescriptor fd, FileDescriptor newFd, java.net.InetSocketAddress[] remote)
      throws java.io.IOException {
    return (Integer) net(NetOp.ACCEPT, fd, newFd, remote);
  }

  public static void onNetShutdown(FileDescriptor fd, int how) throws java.io.IOException {
    net(NetOp.SHUTDOWN, fd, how);
  }

  public static int onNetLocalPort(FileDescriptor fd) throws java.io.IOException {
    return (Integer) net(NetOp.LOCAL_PORT, fd);
  }

  public static java.net.InetAddress onNetLocalAddress(FileDescriptor fd) throws java.io.IOException {
    return (java.net.InetAddress) net(NetOp.LOCAL_ADDRESS, fd);
  }

  public static int onNetRemotePort(FileDescriptor fd) throws java.io.IOException {
    return (Integer) net(NetOp.REMOTE_PORT, fd);
  }

  public static java.net.InetAddress onNetRemoteAddress(FileDescriptor fd) throws java.io.IOException {
    return (java.net.InetAddress) net(NetOp.REMOTE_ADDRESS, fd);
  }

  public static int onNetGetOption(FileDescriptor fd, boolean mayNeedConversion, int level, int opt)
      throws java.io.IOException {
    return (Integer) net(NetOp.GET_OPTION, fd, mayNeedConversion, level, opt);
  }

  public static void onNetSetOption(
      FileDescriptor fd, boolean mayNeedConversion, int level, int opt, int arg, boolean isIPv6)
      throws java.io.IOException {
    net(NetOp.SET_OPTION, fd, mayNeedConversion, level, opt, arg, isIPv6);
  }

  public static int onNetMembership4(boolean join, FileDescriptor fd, int group, int interf, int source)
      throws java.io.IOException {
    return (Integer) net(NetOp.MEMBERSHIP4, join, fd, group, interf, source);
  }

  public static int onNetSourceFilter4(boolean block, FileDescriptor fd, int group, int interf, int source)
      throws java.io.IOException {
    return (Integer) net(NetOp.SOURCE_FILTER4, block, fd, group, interf, source);
  }

  public static int onNetMembership6(boolean join, FileDescriptor fd, byte[] group, int index, byte[] source)
      throws java.io.IOException {
    return (Integer) net(NetOp.MEMBERSHIP6, join, fd, group, index, source);
  }

  public static int onNetSourceFilter6(boolean block, FileDescriptor fd, byte[] group, int index, byte[] source)
      throws java.io.IOException {
    return (Integer) net(NetOp.SOURCE_FILTER6, block, fd, group, index, source);
  }

  public static void onNetSetInterface4(FileDescriptor fd, int interf) throws java.io.IOException {
    net(NetOp.SET_INTERFACE4, fd, interf);
  }

  public static int onNetGetInterface4(FileDescriptor fd) throws java.io.IOException {
    return (Integer) net(NetOp.GET_INTERFACE4, fd);
  }

  public static void onNetSetInterface6(FileDescriptor fd, int index) throws java.io.IOException {
    net(NetOp.SET_INTERFACE6, fd, index);
  }

  public static int onNetGetInterface6(FileDescriptor fd) throws java.io.IOException {
    return (Integer) net(NetOp.GET_INTERFACE6, fd);
  }

  public static int onNetPoll(FileDescriptor fd, int events, long timeout) throws java.io.IOException {
    return (Integer) net(NetOp.POLL, fd, events, timeout);
  }

  public static boolean onNetPollConnect(FileDescriptor fd, long timeout) throws java.io.IOException {
    return (Boolean) net(NetOp.POLL_CONNECT, fd, timeout);
  }

  public static int onNetAvailable(FileDescriptor fd) throws java.io.IOException {
    return (Integer) net(NetOp.AVAILABLE, fd);
  }

  public static int onNetSendUrgent(FileDescriptor fd, byte data) throws java.io.IOException {
    return (Integer) net(NetOp.SEND_URGENT, fd, data);
  }

  public static int onSocketRead(FileDescriptor fd, long address, int len) throws java.io.IOException {
    return (int) transfer(NetOp.READ, fd, address, len);
  }

  public static long onSocketReadv(FileDescriptor fd, long address, int len) throws java.io.IOException {
    return transfer(NetOp.READV, fd, address, len);
  }

  public static int onSocketWrite(FileDescriptor fd, long address, int len) throws java.io.IOException {
    return (int) transfer(NetOp.WRITE, fd, address, len);
  }

  public static long onSocketWritev(FileDescriptor fd, long address, int len) throws java.io.IOException {
    return transfer(NetOp.WRITEV, fd, address, len);
  }

  public static int onDatagramRead(FileDescriptor fd, long address, int len) throws java.io.IOException {
    return (int) transfer(NetOp.DATAGRAM_READ, fd, address, len);
  }

  public static long onDatagramReadv(FileDescriptor fd, long address, int len) throws java.io.IOException {
    return transfer(NetOp.DATAGRAM_READV, fd, address, len);
  }

  public static int onDatagramWrite(FileDescriptor fd, long address, int len) throws java.io.IOException {
    return (int) transfer(NetOp.DATAGRAM_WRITE, fd, address, len);
  }

  public static long onDatagramWritev(FileDescriptor fd, long address, int len) throws java.io.IOException {
    return transfer(NetOp.DATAGRAM_WRITEV, fd, address, len);
  }

  public static int onNetSelectorWait(int epfd, long address, int numfds, int timeout)
      throws java.io.IOException {
    return (Integer) net(NetOp.SELECTOR_WAIT, epfd, address, numfds, timeout);
  }

  public static int onNetSelectorControl(int epfd, int op, int fd, int events) throws java.io.IOException {
    return (Integer) net(NetOp.SELECTOR_CONTROL, epfd, op, fd, events);
  }

  public static int onNetSelectorWakeupOpen() throws java.io.IOException {
    return (Integer) net(NetOp.SELECTOR_WAKEUP_OPEN);
  }

  /** {@code UnixAsynchronousSocketChannelImpl.checkConnect(fdVal)}: throws if the connect failed. */
  public static void onNetCheckConnect(int fdVal) throws java.io.IOException {
    net(NetOp.CHECK_CONNECT, fdVal);
  }

  /**
   * {@code IOUtil.makePipe(blocking)} as {@code EPollPort} (its wake-up pipe) and {@code PipeImpl}
   * (the program's {@code Pipe}) call it: a pipe the process keeps to itself.
   */
  public static long onNetPipeOpen(boolean blocking) throws java.io.IOException {
    return (Long) net(NetOp.PIPE_OPEN, blocking);
  }

  /** {@code InetAddressImpl.lookupAllHostAddr(host)} (JDK 17). */
  public static java.net.InetAddress[] onNetLookup(Object impl, String host)
      throws java.io.IOException {
    return (java.net.InetAddress[]) net(NetOp.LOOKUP, impl, host);
  }

  /** {@code InetAddressImpl.lookupAllHostAddr(host, lookupPolicy)} (JDK 18+). */
  public static java.net.InetAddress[] onNetLookup(Object impl, String host, Object policy)
      throws java.io.IOException {
    return (java.net.InetAddress[]) net(NetOp.LOOKUP, impl, host, policy);
  }

  public static String onNetReverseLookup(Object impl, byte[] address) throws java.io.IOException {
    return (String) net(NetOp.REVERSE_LOOKUP, impl, address);
  }

  /** {@code DatagramChannelImpl.receive0}: fills the buffer and the sender's sockaddr. */
  public static int onDatagramReceive(
      FileDescriptor fd, long address, int len, long senderAddress, boolean connected)
      throws java.io.IOException {
    return (Integer) net(NetOp.DATAGRAM_RECEIVE, fd, address, len, senderAddress, connected);
  }

  /** {@code DatagramChannelImpl.send0}: sends the buffer to the target sockaddr. */
  public static int onDatagramSend(
      FileDescriptor fd, long address, int len, long targetAddress, int targetLength)
      throws java.io.IOException {
    return (Integer) net(NetOp.DATAGRAM_SEND, fd, address, len, targetAddress, targetLength);
  }

  public static void onDatagramDisconnect(FileDescriptor fd, boolean isIPv6)
      throws java.io.IOException {
    net(NetOp.DISCONNECT, fd, isIPv6);
  }

  private static Object net(int op, Object... args) throws java.io.IOException {
    return Hooks.delegate().onNet(realNet, op, args);
  }

  private static long transfer(int op, FileDescriptor fd, long address, int len)
      throws java.io.IOException {
    return Hooks.delegate().onSocket(realNet, op, fd, address, len);
  }
}
