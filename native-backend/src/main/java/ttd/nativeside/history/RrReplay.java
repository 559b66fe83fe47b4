package ttd.nativeside.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import ttd.nativeside.mi.Gdb;
import ttd.nativeside.mi.GdbGone;
import ttd.nativeside.mi.MiRecord;
import ttd.nativeside.mi.Reply;
import ttd.nativeside.Scratch;

/**
 * An rr trace, replayed by {@code rr replay -s 0} (rr's gdbserver on a port it picks, the
 * program's replayed output to a file) with gdb connected to it: rr's commands ({@code when},
 * {@code checkpoint}, {@code restart}) come from rr's own gdb script ({@code rr gdbinit}), so
 * their packets ({@code qRRCmd}) are rr's business. Not run on machines without performance
 * counters, where rr cannot replay; see README, "Native programs".
 */
public final class RrReplay implements History {

  private static final Pattern TARGET = Pattern.compile("target extended-remote (\\S+):(\\d+)'?\\s+(.+)$");
  private static final Pattern EVENT = Pattern.compile("Current event: (\\d+)");
  private static final Pattern TICKS = Pattern.compile("Current tick: (\\d+)");
  private static final Pattern CHECKPOINT = Pattern.compile("Checkpoint (\\d+)");

  private final Path trace;
  private final Path dir;
  private final Path output;
  private final Process rr;
  private final Gdb gdb;

  public RrReplay(String rrCommand, String gdbCommand, Path trace) {
    this.trace = trace;
    this.dir = Scratch.create("ttd-rr-");
    this.output = dir.resolve("program-output");
    Path rrErr = dir.resolve("rr-stderr");
    try {
      Files.createFile(output);
      this.rr = new ProcessBuilder(rrCommand, "replay", "-s", "0", "--tty", output.toString(), trace.toString())
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(rrErr.toFile()).start();
    } catch (IOException e) {
      Scratch.delete(dir);
      throw new GdbGone("cannot start rr replay of " + trace + " (" + e.getMessage() + ")");
    }
    try {
      this.gdb = connect(rrCommand, gdbCommand, rrErr);
    } catch (RuntimeException e) {
      rr.destroyForcibly();
      Scratch.delete(dir);
      throw e;
    }
  }

  /** gdb with rr's script, connected to the debug server rr replay announced. */
  private Gdb connect(String rrCommand, String gdbCommand, Path rrErr) {
    try {
      Matcher target = awaitServer(rrErr);
      Path gdbinit = dir.resolve("rr.gdbinit");
      new ProcessBuilder(rrCommand, "gdbinit").redirectOutput(gdbinit.toFile()).start().waitFor(60, TimeUnit.SECONDS);
      Gdb g = Gdb.start(gdbCommand, List.of("-l", "10000", "-x", gdbinit.toString(), target.group(3).trim()), dir.resolve("gdb-stderr"));
      g.console("set sysroot /");
      g.run("-target-select extended-remote " + target.group(1) + ":" + target.group(2));
      return g;
    } catch (IOException e) {
      throw new GdbGone("cannot start gdb for rr replay of " + trace + " (" + e.getMessage() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GdbGone("interrupted while rr replay started");
    }
  }

  /** Waits for rr's "Launch gdb with ... target extended-remote HOST:PORT' EXE" line. */
  private Matcher awaitServer(Path rrErr) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      for (String line : Files.readAllLines(rrErr, StandardCharsets.UTF_8)) {
        Matcher m = TARGET.matcher(line);
        if (m.find()) {
          return m;
        }
      }
      if (!rr.isAlive()) {
        throw new GdbGone("rr replay of " + trace + " ended (rr says: " + String.join(" ", Files.readAllLines(rrErr, StandardCharsets.UTF_8)) + ")");
      }
      Thread.sleep(50);
    }
    throw new GdbGone("rr replay of " + trace + " did not start its debug server within 120 s");
  }

  @Override
  public String describe() {
    return "backend: rr (rr replay of " + trace + "), gdb connected to rr's gdbserver";
  }

  @Override
  public Gdb gdb() {
    return gdb;
  }

  @Override
  public Path output() {
    return output;
  }

  /** The replay already stands at the start of the trace. */
  @Override
  public Reply start() {
    return null;
  }

  @Override
  public String when() {
    String event = find(EVENT, gdb.console("when").console());
    String ticks = find(TICKS, gdb.console("when-ticks").console());
    return event + (ticks.isEmpty() ? "" : "." + ticks) + " (rr event " + event + (ticks.isEmpty() ? "" : ", tick " + ticks + " of this thread") + ")";
  }

  @Override
  public String checkpoint() {
    String n = find(CHECKPOINT, gdb.console("checkpoint").console());
    if (n.isEmpty()) {
      throw new IllegalStateException("rr made no checkpoint here");
    }
    return n;
  }

  @Override
  public void restart(String checkpoint) {
    gdb.resume("-interpreter-exec console " + Gdb.quote("restart " + checkpoint));
  }

  @Override
  public String edge(Reply reply, boolean reverse) {
    MiRecord stopped = reply.stopped();
    if (stopped == null) {
      return null;
    }
    String signal = stopped.results().text("signal-name");
    if (!reverse && "SIGKILL".equals(signal)) {
      return "The end of the recording (rr stops there as if the program were killed); the reverse commands go back";
    }
    if (reverse && ("0".equals(signal) || reply.console().contains("No more reverse-execution history."))) {
      return "No more history: this is the start of the recording; `cont` goes forward";
    }
    return null;
  }

  private static String find(Pattern p, String text) {
    Matcher m = p.matcher(text);
    return m.find() ? m.group(1) : "";
  }

  @Override
  public void close() {
    gdb.close();
    rr.descendants().forEach(ProcessHandle::destroyForcibly);
    rr.destroyForcibly();
    Scratch.delete(dir);
  }
}
