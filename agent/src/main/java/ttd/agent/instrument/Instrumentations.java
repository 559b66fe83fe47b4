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
        new UncapturedInputInstrumentation(
            "java/io/RandomAccessFile", Hooks.INPUT_FILE_OPEN, 0, "open(Ljava/lang/String;I)V"),
        new UncapturedInputInstrumentation(
            "sun/nio/fs/UnixNativeDispatcher", Hooks.INPUT_FILE_OPEN, 0,
            "open(Lsun/nio/fs/UnixPath;II)I"),
        new UncapturedInputInstrumentation(
            "sun/nio/fs/UnixNativeDispatcher", Hooks.INPUT_DIRECTORY_LIST, 0,
            "opendir(Lsun/nio/fs/UnixPath;)J"),
        new UncapturedInputInstrumentation("sun/nio/ch/Net", Hooks.INPUT_SOCKET, -1, "connect", "accept"),
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
