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
        new UncapturedInputInstrumentation("sun/nio/ch/Net", Hooks.INPUT_SOCKET, -1, "connect", "accept"),
        // mapped memory is read without any call ttd sees: replay stops before it
        new UncapturedInputInstrumentation(
            "sun/nio/ch/FileChannelImpl", Hooks.INPUT_FILE_MAP, UncapturedInputInstrumentation.THIS, "map"));
  }
}
