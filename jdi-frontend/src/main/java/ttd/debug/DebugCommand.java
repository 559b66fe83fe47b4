package ttd.debug;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ServiceLoader;
import ttd.debug.console.Backend;
import ttd.debug.console.BackendProvider;
import ttd.debug.console.Console;
import ttd.debug.console.JvmBackend;
import ttd.debug.console.SourceFiles;
import ttd.debug.target.Launcher;
import ttd.debug.time.Ladder;
import ttd.debug.time.Pool;
import ttd.log.BadRecordingException;
import ttd.log.RecordingMetadata;
import ttd.replay.ToolException;
import ttd.replay.cli.ToolCommand;

/**
 * {@code java -jar ttd.jar debug <recording> [--sourcepath DIR]}: the debugger console over
 * replay JVMs of a recording; or, when a {@link BackendProvider} accepts the arguments (an rr
 * trace, {@code --native -- program}), the same console over that provider's backend.
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
        "  debug <recording> [--sourcepath DIR[:DIR...]]",
        "                      a jdb-like console over the replay that also runs backwards:",
        "                      reverse-continue, reverse-step, goto, checkpoints, field history;",
        "                      `help` inside it lists its commands",
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
    if (args.length == 3 && args[1].equals("--sourcepath")) {
      sourcepath = args[2];
    } else if (args.length != 1) {
      throw new ToolException("debug takes the recording's directory, optionally followed by --sourcepath DIR");
    }
    Path recording = Paths.get(args[0]);
    RecordingMetadata meta;
    try {
      meta = RecordingMetadata.load(recording);
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
    System.out.println("Replay of " + meta.get("main.class") + " is ready: `run` starts it, `help` lists the commands.");
    return console(new JvmBackend(System.out, launcher, pool, ladder, new SourceFiles(sourcepath)));
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
