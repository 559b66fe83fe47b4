package ttd.agent.instrument;

import java.util.List;
import ttd.runtime.Hooks;

/** The list of every type instrumentation the agent applies. */
final class Instrumentations {

  private Instrumentations() {}

  static List<TypeInstrumentation> all() {
    return List.of(
        new FileOutputStreamInstrumentation(),
        new FileInstrumentation(),
        new FileInputStreamInstrumentation(),
        new SystemInstrumentation(),
        new RuntimeInstrumentation(),
        new ThreadInstrumentation(),
        new VirtualThreadInstrumentation(),
        new SecureRandomInstrumentation(),
        new ProcessImplInstrumentation(),
        new ProcessHandleImplInstrumentation(),
        new ProcessInfoInstrumentation(),
        new ManagementRuntimeInstrumentation(),
        new ManagementOperatingSystemInstrumentation(),
        new NetworkCallsInstrumentation("sun/nio/ch/Net"),
        new NetworkCallsInstrumentation("sun/nio/ch/NioSocketImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/ServerSocketChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/SocketChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/SelChImpl"),
        new NetworkCallsInstrumentation(
            "sun/nio/ch/SocketDispatcher", NetworkNativeCalls.SOCKET_DISPATCHER_17),
        new NetworkCallsInstrumentation("sun/nio/ch/EPollSelectorImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/EventFD"),
        // asynchronous channels: their life cycle is captured, replay stops at accept and connect
        new NetworkCallsInstrumentation("sun/nio/ch/AsynchronousServerSocketChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/AsynchronousSocketChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/UnixAsynchronousServerSocketChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/EPollPort"),
        new NetworkCallsInstrumentation("sun/nio/ch/EPollPort$EventHandlerTask"),
        // JDK 21+: the virtual-thread poller; the datagram channel
        new NetworkCallsInstrumentation("sun/nio/ch/EPollPoller"),
        new NetworkCallsInstrumentation("sun/nio/ch/DatagramChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/DatagramDispatcher"),
        new NetworkCallsInstrumentation("java/net/InetAddress$PlatformNameService"),
        new NetworkCallsInstrumentation("java/net/InetAddress$PlatformResolver"),
        // Asynchronous socket channels are not captured yet: replay stops there.
        new UncapturedInputInstrumentation(
            "sun/nio/ch/UnixAsynchronousSocketChannelImpl", Hooks.INPUT_SOCKET, -1, "implConnect"),
        new UncapturedInputInstrumentation(
            "sun/nio/ch/UnixAsynchronousServerSocketChannelImpl", Hooks.INPUT_SOCKET, -1, "implAccept"),
        // mapped memory is read without any call ttd sees: replay stops before it
        new UncapturedInputInstrumentation(
            "sun/nio/ch/FileChannelImpl", Hooks.INPUT_FILE_MAP, UncapturedInputInstrumentation.THIS, "map"));
  }
}
