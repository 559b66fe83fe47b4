package ttd.debug.tool;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ServiceLoader;
import ttd.debug.Background;
import ttd.debug.console.Backend;
import ttd.debug.console.BackendProvider;
import ttd.debug.console.Console;
import ttd.debug.console.JvmBackend;
import ttd.debug.console.SourceFiles;
import ttd.debug.jdwp.ConsoleCapture;
import ttd.debug.jdwp.JdwpBackend;
import ttd.debug.jdwp.JdwpServer;
import ttd.debug.replayvm.Launcher;
import ttd.debug.time.Ladder;
import ttd.debug.time.Pool;
import ttd.log.BadRecordingException;
import ttd.log.RecordingMetadata;
import ttd.log.RecordingScan;
import ttd.cli.launch.ToolException;
import ttd.cli.ToolCommand;

/**
 * {@code java -jar ttd.jar debug <recording> [--sourcepath DIR] [--jdwp [HOST:]PORT]}: the debugger
 * console over replay JVMs of a recording, with {@code --jdwp} also the JDWP server an IDE or jdb
 * attaches to; or, when a {@link BackendProvider} accepts the arguments (an rr trace, {@code
 * --native -- program}), the same console over that provider's backend. {@code --serve} (what
 * {@code ttd replay --jdwp} runs) has no console: the replay waits for a debugger, and when it
 * detaches runs to its end and exits with the program's status.
 */
public final class DebugCommand implements ToolCommand {

  /** Fresh replay JVMs kept waiting, and JVMs parked at checkpoints (2 cores, 24 GiB). */
  static final int FRESH = 1;
  /** JVMs parked at once: the user's checkpoints and the ladder's rungs (about 80 MiB each). */
  static final int PARKED = 14;
  /** JVMs replaying towards their parking place at once (this machine has 2 cores). */
  static final int BUILDERS = 2;
  /**
   * The ladder: rungs this far back from the end of a motion in replay time, then twice, four and
   * eight times as far ({@code -Dttd.debug.rungSpacingMs}; 0: no ladder, the default in batch
   * mode), this many per motion, this many in all.
   */
  static final long RUNG_SPACING_MS = Long.getLong("ttd.debug.rungSpacingMs", Background.ON ? 600 : 0);
  /**
   * Instead, rungs this many ticks back from the end of a motion, then twice, four and eight times
   * as far ({@code -Dttd.debug.rungTicks}; tests: placed by position alone, the same however loaded
   * the machine is).
   */
  static final long RUNG_TICKS = Long.getLong("ttd.debug.rungTicks", 0);
  static final int RUNGS_PER_MOTION = 4;
  static final int RUNGS = 6;
  static final int JVMS_PER_RUNG = 2;

  @Override
  public String name() {
    return "debug";
  }

  @Override
  public String usage() {
    return String.join("\n",
        "  debug <recording> [--sourcepath DIR[:DIR...]] [--jdwp [HOST:]PORT]",
        "                      a jdb-like console over the replay that also runs backwards:",
        "                      reverse-continue, reverse-step, goto, checkpoints, field history;",
        "                      `help` inside it lists its commands; --jdwp: an IDE or jdb",
        "                      attaches there and shares the console's position",
        "  debug --native -- <program> [args]",
        "                      the same console over a native program, recorded by gdb's process record",
        "  debug <rr trace>    the same console over an rr trace (gdb connected to rr replay)");
  }

  @Override
  public int run(String[] args) {
    Runtime.getRuntime().addShutdownHook(new Thread(
        () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly), "ttd-debug-cleanup"));
    for (BackendProvider p : ServiceLoader.load(BackendProvider.class, DebugCommand.class.getClassLoader())) {
      if (p.accepts(args)) {
        return console(p.open(args, System.out));
      }
    }
    if (args.length > 0 && args[0].equals("--native")) {
      throw new ToolException("this ttd.jar has no native backend (module native-backend); use a full build of ttd.jar");
    }
    String sourcepath = null;
    String jdwp = null;
    boolean serve = false;
    if (args.length == 0 || args[0].startsWith("--")) {
      throw new ToolException("debug takes the recording's directory, optionally followed by --sourcepath DIR and --jdwp [HOST:]PORT");
    }
    for (int i = 1; i < args.length; i++) {
      if (args[i].equals("--sourcepath") && i + 1 < args.length && sourcepath == null) {
        sourcepath = args[++i];
      } else if (args[i].equals("--jdwp") && i + 1 < args.length && jdwp == null) {
        jdwp = args[++i];
        if (!jdwp.matches("([A-Za-z0-9.\\-]+:)?[0-9]{1,5}")) {
          throw new ToolException("--jdwp takes a port or host:port, not '" + jdwp + "'");
        }
      } else if (args[i].equals("--serve")) {
        serve = true;
      } else {
        throw new ToolException("debug takes the recording's directory, optionally followed by --sourcepath DIR and --jdwp [HOST:]PORT");
      }
    }
    if (serve && jdwp == null) {
      throw new ToolException("--serve needs --jdwp [HOST:]PORT");
    }
    Path recording = Paths.get(args[0]);
    RecordingMetadata meta;
    try {
      // the whole log, as `ttd replay`'s agent reads it: a recording that cannot be replayed is
      // refused here in one sentence, not by every replay JVM the console starts
      meta = RecordingScan.of(recording).metadata().replayable(recording);
    } catch (BadRecordingException e) {
      throw new ToolException(e.getMessage());
    }
    String jar = System.getProperty("ttd.jar");
    if (jar == null) {
      throw new ToolException("ttd must be run as `java -jar ttd.jar`");
    }
    if (sourcepath != null && !Files.isDirectory(Paths.get(sourcepath.split(java.io.File.pathSeparator)[0]))) {
      throw new ToolException("--sourcepath " + sourcepath + " is not a directory");
    }
    Launcher launcher = new Launcher(recording.toAbsolutePath(), meta, Paths.get(jar), System.out, System.err);
    launcher.warnings().forEach(w -> System.err.println("ttd: " + w));
    Pool pool = new Pool(launcher, FRESH, PARKED, BUILDERS);
    Ladder ladder = new Ladder(pool, RUNG_SPACING_MS * 1_000_000L, RUNG_TICKS, RUNGS_PER_MOTION, RUNGS, JVMS_PER_RUNG);
    ladder.prime();
    ConsoleCapture capture = new ConsoleCapture(serve ? sentencesOnly(System.err) : System.out);
    PrintStream out = new PrintStream(capture, true, StandardCharsets.UTF_8);
    JvmBackend jvm = new JvmBackend(out, launcher, pool, ladder, new SourceFiles(sourcepath));
    if (jdwp == null) {
      System.out.println("Replay of " + meta.get("main.class") + " is ready: `run` starts it, `help` lists the commands.");
      return console(jvm);
    }
    JdwpServer server;
    try {
      server = JdwpServer.listen(jvm.link(), jdwp, System.err);
    } catch (IllegalArgumentException e) {
      if (serve) {
        jvm.close();
        throw new ToolException(e.getMessage());
      }
      System.err.println("ttd: " + e.getMessage() + "; the console runs without it");
      System.out.println("Replay of " + meta.get("main.class") + " is ready: `run` starts it, `help` lists the commands.");
      return console(jvm);
    }
    server.capture(capture);
    if (!server.loopbackOnly()) {
      System.err.println("ttd: warning: " + jdwp + " is reachable from the network: anyone who can connect to it can"
          + " attach and run any code in the replay JVM as you; give only a port to listen on localhost");
    }
    if (serve) {
      server.endAtVmDeath();
      return serve(jvm, server);
    }
    System.out.println("Replay of " + meta.get("main.class") + " is ready: `run` starts it, `help` lists the commands;"
        + " a debugger can attach to " + server.address() + " (JDWP) at any time.");
    return console(new JdwpBackend(jvm, server));
  }

  /**
   * {@code replay --jdwp}: the debugger drives; at the recording's end it is told the program
   * ended and let go; when it goes earlier, the replay runs to its end.
   */
  private static int serve(JvmBackend jvm, JdwpServer server) {
    System.err.println("ttd: the replay waits for a debugger on " + server.address());
    try {
      server.awaitDetach();
      var link = jvm.link();
      for (int i = 0; i < 1000 && !link.ended(); i++) {
        server.console(link.started() ? "cont" : "run", jvm::execute);
      }
      Integer status = link.stop() == null ? null : link.stop().exitStatus();
      return status == null ? 0 : status;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    } finally {
      server.close();
      jvm.close();
    }
  }

  /** The console's lines that are sentences for the user ({@code ttd: ...}), and nothing else. */
  private static OutputStream sentencesOnly(PrintStream to) {
    return new OutputStream() {
      private final ByteArrayOutputStream line = new ByteArrayOutputStream();

      @Override
      public synchronized void write(int b) {
        if (b == '\n') {
          String s = line.toString(StandardCharsets.UTF_8);
          line.reset();
          if (s.startsWith("ttd:")) {
            to.println(s);
          }
        } else {
          line.write(b);
        }
      }
    };
  }

  private static int console(Backend backend) {
    try {
      new Console(backend).run(System.console() != null);
    } catch (IOException e) {
      throw new ToolException("the console's input failed (" + e.getMessage() + ")");
    }
    return 0;
  }
}
