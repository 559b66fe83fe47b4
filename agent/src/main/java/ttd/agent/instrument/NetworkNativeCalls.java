package ttd.agent.instrument;

import java.util.HashMap;
import java.util.Map;

/**
 * Which network natives ttd replaces, and with which hook: {@code owner.name+descriptor} of the
 * native (or interface method) to the hook's name in {@code ttd.runtime.Hooks}.
 *
 * <p>Static natives keep their descriptor; the name service's interface methods get the receiver
 * as an {@code Object} first. The same table serves every class that calls them ({@link
 * NetworkCallsInstrumentation}).
 */
final class NetworkNativeCalls {

  private static final String NET = "sun/nio/ch/Net.";
  private static final String FD = "Ljava/io/FileDescriptor;";
  private static final String ADDRESS = "Ljava/net/InetAddress;";
  private static final String TRANSFER = "(" + FD + "JI)";

  static final Map<String, String> HOOKS = new HashMap<>();

  static {
    HOOKS.put(NET + "socket0(ZZZZ)I", "onNetSocket");
    HOOKS.put(NET + "bind0(" + FD + "ZZ" + ADDRESS + "I)V", "onNetBind");
    HOOKS.put(NET + "listen(" + FD + "I)V", "onNetListen");
    HOOKS.put(NET + "connect0(Z" + FD + ADDRESS + "I)I", "onNetConnect");
    HOOKS.put(NET + "accept(" + FD + FD + "[Ljava/net/InetSocketAddress;)I", "onNetAccept");
    HOOKS.put(NET + "shutdown(" + FD + "I)V", "onNetShutdown");
    HOOKS.put(NET + "localPort(" + FD + ")I", "onNetLocalPort");
    HOOKS.put(NET + "localInetAddress(" + FD + ")" + ADDRESS, "onNetLocalAddress");
    HOOKS.put(NET + "remotePort(" + FD + ")I", "onNetRemotePort");
    HOOKS.put(NET + "remoteInetAddress(" + FD + ")" + ADDRESS, "onNetRemoteAddress");
    HOOKS.put(NET + "getIntOption0(" + FD + "ZII)I", "onNetGetOption");
    HOOKS.put(NET + "setIntOption0(" + FD + "ZIIIZ)V", "onNetSetOption");
    HOOKS.put(NET + "poll(" + FD + "IJ)I", "onNetPoll");
    HOOKS.put(NET + "pollConnect(" + FD + "J)Z", "onNetPollConnect");
    HOOKS.put(NET + "available(" + FD + ")I", "onNetAvailable");
    HOOKS.put(NET + "sendOOB(" + FD + "B)I", "onNetSendUrgent");
    HOOKS.put("sun/nio/ch/SocketDispatcher.read0" + TRANSFER + "I", "onSocketRead");
    HOOKS.put("sun/nio/ch/SocketDispatcher.readv0" + TRANSFER + "J", "onSocketReadv");
    HOOKS.put("sun/nio/ch/SocketDispatcher.write0" + TRANSFER + "I", "onSocketWrite");
    HOOKS.put("sun/nio/ch/SocketDispatcher.writev0" + TRANSFER + "J", "onSocketWritev");
    HOOKS.put("sun/nio/ch/DatagramChannelImpl.receive0(" + FD + "JIJZ)I", "onDatagramReceive");
    HOOKS.put("sun/nio/ch/DatagramChannelImpl.send0(" + FD + "JIJI)I", "onDatagramSend");
    HOOKS.put("sun/nio/ch/DatagramChannelImpl.disconnect0(" + FD + "Z)V", "onDatagramDisconnect");
    HOOKS.put("sun/nio/ch/DatagramDispatcher.read0" + TRANSFER + "I", "onDatagramRead");
    HOOKS.put("sun/nio/ch/DatagramDispatcher.readv0" + TRANSFER + "J", "onDatagramReadv");
    HOOKS.put("sun/nio/ch/DatagramDispatcher.write0" + TRANSFER + "I", "onDatagramWrite");
    HOOKS.put("sun/nio/ch/DatagramDispatcher.writev0" + TRANSFER + "J", "onDatagramWritev");
    HOOKS.put("sun/nio/ch/EPoll.wait(IJII)I", "onNetSelectorWait");
    HOOKS.put("sun/nio/ch/EPoll.ctl(IIII)I", "onNetSelectorControl");
    HOOKS.put("sun/nio/ch/EventFD.eventfd0()I", "onNetSelectorWakeupOpen");
    HOOKS.put("sun/nio/ch/UnixAsynchronousSocketChannelImpl.checkConnect(I)V", "onNetCheckConnect");
    HOOKS.put(
        "java/net/InetAddressImpl.lookupAllHostAddr(Ljava/lang/String;)[" + ADDRESS,
        "onNetLookup");
    HOOKS.put(
        "java/net/InetAddressImpl.lookupAllHostAddr(Ljava/lang/String;"
            + "Ljava/net/spi/InetAddressResolver$LookupPolicy;)["
            + ADDRESS,
        "onNetLookup");
    HOOKS.put("java/net/InetAddressImpl.getHostByAddr([B)Ljava/lang/String;", "onNetReverseLookup");
  }

  /**
   * On JDK 17 the socket dispatcher writes through the file dispatcher's natives: inside {@code
   * SocketDispatcher} (only there) those calls are socket writes too.
   */
  static final Map<String, String> SOCKET_DISPATCHER_17 =
      Map.of(
          "sun/nio/ch/FileDispatcherImpl.write0" + TRANSFER + "I", "onSocketWrite",
          "sun/nio/ch/FileDispatcherImpl.writev0" + TRANSFER + "J", "onSocketWritev");

  /**
   * {@code EPollPort} (the asynchronous channels' port) is woken up through a pipe, not an eventfd:
   * inside it (only there) making a pipe opens a selector's wake-up descriptor.
   */
  static final Map<String, String> EPOLL_PORT =
      Map.of("sun/nio/ch/IOUtil.makePipe(Z)J", "onNetPortWakeupOpen");

  private NetworkNativeCalls() {}
}
