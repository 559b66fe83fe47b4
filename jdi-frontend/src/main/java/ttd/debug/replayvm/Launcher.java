package ttd.debug.replayvm;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.IllegalConnectorArgumentsException;
import com.sun.jdi.connect.ListeningConnector;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ttd.debug.code.ClassFiles;
import ttd.debug.code.ProgramBci;
import ttd.log.RecordingMetadata;
import ttd.cli.launch.ReplayLauncher;
import ttd.cli.launch.ReplayStart;
import ttd.cli.launch.ToolException;

/**
 * Starts replay JVMs of one recording under JDI: the same command line as {@code ttd replay},
 * plus a JDWP agent that connects back to the console (which listens on a loopback port of its
 * choosing, so no two replays race for a port). Each JVM starts suspended, before the agent's
 * premain, and stays suspended until the console lets it run.
 */
public final class Launcher {

  /**
   * util-linux {@code setsid}, when there is one: each replay JVM runs in a session of its own, so
   * that Ctrl-C at the console's terminal (SIGINT to the terminal's whole foreground process group)
   * reaches only the console, which stops the running replay through JDI, instead of killing them all.
   */
  private static final Path SETSID = java.util.stream.Stream.of("/usr/bin/setsid", "/bin/setsid")
      .map(Path::of).filter(Files::isExecutable).findFirst().orElse(null);

  private final Path recording;
  private final RecordingMetadata meta;
  private final Path ttdJar;
  private final PrintStream out;
  private final PrintStream err;
  private final ProgramBci programBci;

  public Launcher(Path recording, RecordingMetadata meta, Path ttdJar, PrintStream out, PrintStream err) {
    this.recording = recording;
    this.meta = meta;
    this.ttdJar = ttdJar;
    this.out = out;
    this.err = err;
    String home = meta.get("java.home");
    Path javaHome = home != null && Files.isDirectory(Paths.get(home)) ? Paths.get(home) : null;
    this.programBci = new ProgramBci(new ClassFiles(meta.get("class.path", "."), ReplayLauncher.workingDirectory(meta).toPath(), javaHome));
  }

  /** The program's own bytecode offsets of locations in this recording's replay JVMs. */
  public ProgramBci programBci() {
    return programBci;
  }

  public Path recording() {
    return recording;
  }

  /** Warnings about the replay (another JDK, an incomplete recording), said once by the console. */
  public List<String> warnings() {
    List<String> warnings = new ArrayList<>();
    ReplayLauncher.command(recording, meta, ttdJar, (ReplayStart) null, warnings);
    if (!RecordingMetadata.STATUS_COMPLETE.equals(meta.get("status"))) {
      warnings.add("this recording is incomplete (the recorded process was killed, or ttd stopped recording it early); replay stops where it ends");
    }
    return warnings;
  }

  /** Starts a replay JVM and connects to it; it is suspended at VM start. */
  public ReplayJvm start() {
    ListeningConnector listen =
        Bootstrap.virtualMachineManager().listeningConnectors().stream()
            .filter(c -> c.name().equals("com.sun.jdi.SocketListen"))
            .findFirst()
            .orElseThrow(() -> new ToolException("this JDK's JDI has no socket connector"));
    Map<String, Connector.Argument> args = listen.defaultArguments();
    args.get("port").setValue("0");
    if (args.containsKey("localAddress")) {
      args.get("localAddress").setValue("127.0.0.1");
    }
    if (args.containsKey("timeout")) {
      args.get("timeout").setValue("60000");
    }
    Process process = null;
    ReplayStart start = ReplayStart.create();
    FileChannel stdout = null;
    FileChannel stderr = null;
    try {
      String address = listen.startListening(args);
      String port = address.substring(address.lastIndexOf(':') + 1);
      List<String> cmd = ReplayLauncher.command(recording, meta, ttdJar, start, new ArrayList<>());
      // JDK 21+: virtual threads (bound ones under ttd) are listed and found like platform ones
      cmd.add(1, "-agentlib:jdwp=transport=dt_socket,server=n,suspend=y,address=127.0.0.1:" + port
          + (ReplayLauncher.feature(meta) >= 21 ? ",includevirtualthreads=y" : ""));
      if (SETSID != null) {
        cmd.add(0, SETSID.toString());
      }
      Path outFile = Files.createTempFile("ttd-replay-", ".out");
      Path errFile = Files.createTempFile("ttd-replay-", ".err");
      try {
        stdout = FileChannel.open(outFile, StandardOpenOption.READ);
        stderr = FileChannel.open(errFile, StandardOpenOption.READ);
        ProcessBuilder pb =
            new ProcessBuilder(cmd)
                .directory(ReplayLauncher.workingDirectory(meta))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(outFile.toFile())
                .redirectError(errFile.toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        process = pb.start();
      } finally {
        // The JVM and the pumps hold the files open; their names go before the connection is
        // awaited, so a console that exits or is killed meanwhile leaves nothing behind.
        deleteQuietly(outFile);
        deleteQuietly(errFile);
      }
      VirtualMachine vm;
      try {
        vm = listen.accept(args);
      } finally {
        listen.stopListening(args);
      }
      return new ReplayJvm(vm, process, stdout, stderr, start, out, err, programBci);
    } catch (IOException | IllegalConnectorArgumentsException e) {
      if (process != null) {
        process.destroyForcibly();
      }
      start.close();
      closeQuietly(stdout);
      closeQuietly(stderr);
      throw new ToolException("cannot start a replay JVM under the debugger (" + e.getMessage() + ")");
    }
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel == null) {
      return;
    }
    try {
      channel.close();
    } catch (IOException e) {
      // nothing more to do about it
    }
  }

  private static void deleteQuietly(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // nothing more to do about it
    }
  }
}
