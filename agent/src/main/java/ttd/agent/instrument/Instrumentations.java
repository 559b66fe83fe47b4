package ttd.agent.instrument;

import java.util.List;

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
        new TerminatorInstrumentation(),
        new ShutdownInstrumentation(),
        new ThreadInstrumentation(),
        new ThreadIdentifiersInstrumentation(),
        ThreadListingInstrumentation.threadList(),
        ThreadListingInstrumentation.groupMembers(),
        new ContinuationSupportInstrumentation(),
        new VirtualThreadInstrumentation(),
        new SecureRandomInstrumentation(),
        new ThreadLocalRandomInstrumentation(),
        new ReferenceInstrumentation(),
        new ProcessImplInstrumentation(),
        new ProcessHandleImplInstrumentation(),
        new ClassInstrumentation(),
        // JavaLangAccess, where a Lookup's classes are defined: System$2 on JDK 17, System$1 on 25
        new LookupDefinitionInstrumentation("java/lang/System$2"),
        new LookupDefinitionInstrumentation("java/lang/System$1"),
        new ProcessInfoInstrumentation(),
        NativeCodeInstrumentation.jniLibraries(),
        NativeCodeInstrumentation.rawLibraries(),
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
        // asynchronous channels and their port
        new NetworkCallsInstrumentation("sun/nio/ch/AsynchronousServerSocketChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/AsynchronousSocketChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/UnixAsynchronousServerSocketChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/UnixAsynchronousSocketChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/EPollPort", NetworkNativeCalls.EPOLL_PORT),
        new NetworkCallsInstrumentation("sun/nio/ch/EPollPort$EventHandlerTask"),
        // JDK 21+: the virtual-thread poller; the datagram channel
        new NetworkCallsInstrumentation("sun/nio/ch/EPollPoller"),
        new NetworkCallsInstrumentation("sun/nio/ch/DatagramChannelImpl"),
        new NetworkCallsInstrumentation("sun/nio/ch/DatagramDispatcher"),
        new NetworkCallsInstrumentation("java/net/InetAddress$PlatformNameService"),
        new NetworkCallsInstrumentation("java/net/InetAddress$PlatformResolver"));
  }
}
