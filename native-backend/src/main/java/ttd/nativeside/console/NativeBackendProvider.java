package ttd.nativeside.console;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import ttd.debug.console.Backend;
import ttd.debug.console.BackendProvider;
import ttd.nativeside.history.History;
import ttd.nativeside.history.ProcessRecord;
import ttd.nativeside.history.RrReplay;
import ttd.nativeside.mi.GdbGone;
import ttd.nativeside.mi.MiError;
import ttd.nativeside.rr.RrProbe;
import ttd.nativeside.rr.RrTraces;
import ttd.cli.launch.ToolException;

/**
 * {@code ttd debug --native -- PROGRAM [ARGS]} (gdb's process record) and {@code ttd debug
 * RR_TRACE} (rr's replay): opens the native console's backend, after checking what it needs.
 */
public final class NativeBackendProvider implements BackendProvider {

  /** Instructions process record keeps ({@code -Dttd.native.maxInstructions}; 0: no limit). */
  private static final long MAX_INSTRUCTIONS = Long.getLong("ttd.native.maxInstructions", 0);

  @Override
  public boolean accepts(String[] args) {
    return args.length > 0 && (args[0].equals("--native") || (args.length == 1 && RrTraces.isTrace(Path.of(args[0]))));
  }

  @Override
  public Backend open(String[] args, PrintStream out) {
    String gdb = RrProbe.onPath("gdb");
    if (gdb == null) {
      throw new ToolException("gdb is not installed: the native console drives gdb; install it (Debian: apt-get install gdb)");
    }
    History history;
    try {
      history = args[0].equals("--native") ? processRecord(gdb, Arrays.asList(args).subList(1, args.length)) : rrReplay(gdb, Path.of(args[0]));
    } catch (GdbGone | MiError e) {
      throw new ToolException("gdb could not start: " + e.getMessage());
    }
    out.println(history.describe() + ".");
    out.println("`run` starts it, `help` lists the commands.");
    return new NativeBackend(out, history);
  }

  private static History processRecord(String gdb, List<String> rest) {
    List<String> program = !rest.isEmpty() && rest.get(0).equals("--") ? rest.subList(1, rest.size()) : rest;
    if (program.isEmpty()) {
      throw new ToolException("debug --native needs a program: debug --native -- PROGRAM [ARGS]");
    }
    String exe = program.get(0);
    boolean found = exe.contains("/") ? Files.isExecutable(Path.of(exe)) && Files.isRegularFile(Path.of(exe)) : RrProbe.onPath(exe) != null;
    if (!found) {
      throw new ToolException(exe + " is not an executable program" + (exe.contains("/") ? "" : " on the PATH") + "; give its path, e.g. debug --native -- ./a.out");
    }
    RrProbe.Verdict rr = RrProbe.check();
    String why = rr.works()
        ? "as asked with --native (rr works here: `ttd native record` records faster, then `ttd debug TRACE`)"
        : "since " + rr.reason().replaceFirst("; use `ttd debug --native.*$", "");
    return new ProcessRecord(gdb, program, MAX_INSTRUCTIONS, why);
  }

  private static History rrReplay(String gdb, Path trace) {
    RrProbe.Verdict rr = RrProbe.check();
    if (!rr.works()) {
      throw new ToolException(trace + " is an rr trace, but " + rr.reason().replaceFirst("rr cannot record here", "rr cannot replay it here"));
    }
    return new RrReplay(rr.rr(), gdb, trace);
  }
}
