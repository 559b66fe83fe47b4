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
        new SecureRandomInstrumentation(),
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
        // JDK 21+: the virtual-thread poller; datagrams' poll (replay stops at receive and send)
        new NetworkCallsInstrumentation("sun/nio/ch/EPollPoller"),
        new NetworkCallsInstrumentation("sun/nio/ch/DatagramChannelImpl"),
        new NetworkCallsInstrumentation("java/net/InetAddress$PlatformNameService"),
        new NetworkCallsInstrumentation("java/net/InetAddress$PlatformResolver"),
        new UncapturedInputInstrumentation(
            "java/io/RandomAccessFile", Hooks.INPUT_FILE_OPEN, 0, "open(Ljava/lang/String;I)V"),
        new UncapturedInputInstrumentation(
            "sun/nio/fs/UnixNativeDispatcher", Hooks.INPUT_FILE_OPEN, 0,
            "open(Lsun/nio/fs/UnixPath;II)I"),
        new UncapturedInputInstrumentation(
            "sun/nio/fs/UnixNativeDispatcher", Hooks.INPUT_DIRECTORY_LIST, 0,
            "opendir(Lsun/nio/fs/UnixPath;)J"),
        // Datagrams and asynchronous socket channels are not captured yet: replay stops there.
        new UncapturedInputInstrumentation(
            "sun/nio/ch/DatagramChannelImpl", Hooks.INPUT_SOCKET, -1, "receive", "send"),
        new UncapturedInputInstrumentation(
            "sun/nio/ch/UnixAsynchronousSocketChannelImpl", Hooks.INPUT_SOCKET, -1, "implConnect"),
        new UncapturedInputInstrumentation(
            "sun/nio/ch/UnixAsynchronousServerSocketChannelImpl", Hooks.INPUT_SOCKET, -1, "implAccept"),
        new UncapturedInputInstrumentation(
            "java/lang/ProcessImpl", Hooks.INPUT_PROCESS_START, 0, "start"),
        new UncapturedInputInstrumentation(
            "java/io/FileInputStream", Hooks.INPUT_FILE_CHANNEL, UncapturedInputInstrumentation.THIS,
            "getChannel"),
        new UncapturedInputInstrumentation(
            "java/io/FileOutputStream", Hooks.INPUT_FILE_CHANNEL, UncapturedInputInstrumentation.THIS,
            "getChannel"),
        // java.io.File calls that change the file system: a replay must not perform them.
        new UncapturedInputInstrumentation(
            "java/io/File", Hooks.INPUT_FILE_CHANGE, UncapturedInputInstrumentation.THIS,
            "delete()Z", "createNewFile()Z", "mkdir()Z", "renameTo(Ljava/io/File;)Z",
            "setLastModified(J)Z", "setReadOnly()Z", "setWritable(ZZ)Z", "setReadable(ZZ)Z",
            "setExecutable(ZZ)Z"),
        new UncapturedInputInstrumentation(
            "java/io/File", Hooks.INPUT_FILE_CHANGE, 2,
            "createTempFile(Ljava/lang/String;Ljava/lang/String;Ljava/io/File;)Ljava/io/File;"));
  }
}
